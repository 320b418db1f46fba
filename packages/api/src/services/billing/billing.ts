import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BillingDetails, Database, InvoicesTable, SubscriptionsTable } from '@scmp/db';
import {
  MAX_ADDITIONAL_VENUES,
  PLANS,
  PLAN_LIST,
  SETUP_FEE_PENCE,
  formatGbp,
  monthlyPricePence,
  type PlanId,
} from '../../contracts/plans';
import type { Context } from '../../context';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { enqueueJob } from '../jobs/queue';
import { renderEmail } from '../mail/render-email';
import { findOwnedOrganization, isUniqueViolation, isUuid, toIso } from '../organizations/shared';
import type { ChargeKind, PaymentMethodRow } from '../payments/provider';
// Function-only cycle with renewals.ts (a card update retries failed invoices at once).
import { retryFailedInvoices } from './renewals';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
type Db = Kysely<Database>;
type Owner = { id: number; email: string; name: string };
type Req = Context['req'] | null;

export const BILLING_TEXTS = {
  alreadySubscribed: 'This organization already has a subscription.',
  noSubscription: 'This organization has no subscription.',
  notFound: 'Subscription not found.',
  paymentMethodNotFound: 'Payment method not found.',
  cancelled: 'This subscription is cancelled.',
  samePlan: 'This organization is already on this plan.',
  basicOnly: 'Locations can be changed on the Basic plan only.',
  removeTooMany: (max: number) =>
    max <= 0
      ? 'No unused locations can be removed.'
      : `You can remove at most ${max} location${max === 1 ? '' : 's'}.`,
  deployNeedsSubscription:
    'An active subscription is required to deploy an instance. Choose a plan on the Subscription page.',
  deployLimitReached:
    'Your plan has no free location. Add locations or change your plan on the Subscription page.',
  invoiceNotFound: 'Invoice not found.',
  idempotencyInProgress: 'A request with this idempotency key is still being processed.',
};

export const SEPA_SETTLE_JOB = 'billing.sepa-settle';
const SEPA_DELAY_MS = 5_000;
export const RETRY_EVERY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------- time and money helpers

/** One calendar month later (UTC), clamped to the month's last day. */
export function addMonth(date: Date): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The share of the current period still to run, in [0, 1]. */
export function remainingFraction(
  sub: Pick<SubscriptionRow, 'current_period_start' | 'current_period_end'>,
  now: Date,
): number {
  const start = new Date(sub.current_period_start).getTime();
  const end = new Date(sub.current_period_end).getTime();
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - now.getTime()) / (end - start)));
}

/** A prorated amount in whole pence (rounded half up). */
export function prorate(monthlyPence: number, fraction: number): number {
  return Math.round(monthlyPence * fraction);
}

export function locationLimitOf(plan: PlanId, additionalVenues: number): number {
  return PLANS[plan].locations === 'unlimited' ? -1 : 1 + additionalVenues;
}

const pounds = (pence: number) => Math.round(pence) / 100;

// ---------------------------------------------------------------- reading

async function countLocations(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('instances')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', organizationId)
    .where('status', '!=', 'terminated')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function findSubscription(
  db: Db,
  organizationId: number,
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export type SubscriptionOutput = {
  id: string;
  uuid: string;
  organization_uuid: string;
  provider: 'stripe' | 'test';
  plan_type: PlanId;
  plan_name: string;
  status: string;
  /** Monthly price in pounds (e.g. 250 for £250.00). */
  price_monthly: number;
  /** The same monthly price in integer pence. */
  price_monthly_pence: number;
  currency: 'GBP';
  additional_venues: number;
  current_location_count: number;
  location_limit: number;
  available_locations: number | null;
  next_billing_date: string | null;
  current_period_start: string;
  current_period_end: string;
  service_ends_at: string | null;
  cancelled_at: string | null;
  past_due_since: string | null;
  grace_period_ends_at: string | null;
  payment_type: 'card' | 'direct_debit';
  payment_method: { type: string; brand: string; last4: string } | null;
  billing_details: BillingDetails;
  created_at: string;
};

async function toOutput(
  deps: AppDeps,
  sub: SubscriptionRow,
  orgUuid: string,
): Promise<SubscriptionOutput> {
  const count = await countLocations(deps.db, sub.organization_id);
  const limit = locationLimitOf(sub.plan_type, sub.additional_venues);
  const pm = sub.payment_method_id
    ? await deps.db
        .selectFrom('payment_methods')
        .select(['type', 'brand', 'last4'])
        .where('id', '=', sub.payment_method_id)
        .executeTakeFirst()
    : undefined;
  const price = monthlyPricePence(sub.plan_type, sub.additional_venues);
  const graceEnds = sub.past_due_since
    ? new Date(
        new Date(sub.past_due_since).getTime() + deps.config.billing.gracePeriodDays * 86_400_000,
      )
    : null;
  return {
    id: sub.uuid,
    uuid: sub.uuid,
    organization_uuid: orgUuid,
    provider: sub.provider,
    plan_type: sub.plan_type,
    plan_name: PLANS[sub.plan_type].name,
    status: sub.status,
    price_monthly: pounds(price),
    price_monthly_pence: price,
    currency: 'GBP',
    additional_venues: sub.additional_venues,
    current_location_count: count,
    location_limit: limit,
    available_locations: limit === -1 ? null : Math.max(0, limit - count),
    next_billing_date:
      sub.status === 'cancelled' || sub.status === 'expired' ? null : toIso(sub.current_period_end),
    current_period_start: toIso(sub.current_period_start)!,
    current_period_end: toIso(sub.current_period_end)!,
    service_ends_at: toIso(sub.service_ends_at),
    cancelled_at: toIso(sub.cancelled_at),
    past_due_since: toIso(sub.past_due_since),
    grace_period_ends_at: toIso(graceEnds),
    payment_type: sub.payment_type,
    payment_method: pm ? { type: pm.type, brand: pm.brand, last4: pm.last4 } : null,
    billing_details: sub.billing_details,
    created_at: toIso(sub.created_at)!,
  };
}

export async function getSubscription(
  deps: AppDeps,
  owner: Owner,
  orgUuid: string,
): Promise<SubscriptionOutput | null> {
  const org = await findOwnedOrganization(deps.db, owner.id, orgUuid);
  const sub = await findSubscription(deps.db, org.id);
  return sub ? toOutput(deps, sub, org.uuid) : null;
}

export type BillingHistoryItem = {
  id: string;
  number: string;
  created_at: string;
  description: string;
  amount: number;
  amount_pence: number;
  currency: string;
  status: 'paid' | 'pending' | 'failed';
  invoice_pdf: string | null;
  invoice_url: string | null;
};

export function invoiceLinks(
  deps: AppDeps,
  invoice: Pick<InvoiceRow, 'uuid' | 'pdf_url' | 'hosted_url'>,
) {
  return {
    invoice_pdf:
      invoice.pdf_url ?? `${deps.config.appUrl}/api/v1/subscription/invoices/${invoice.uuid}/pdf`,
    invoice_url:
      invoice.hosted_url ?? `${deps.config.appUrl}/api/v1/subscription/invoices/${invoice.uuid}`,
  };
}

export async function billingHistory(
  deps: AppDeps,
  owner: Owner,
  orgUuid: string,
): Promise<BillingHistoryItem[]> {
  const org = await findOwnedOrganization(deps.db, owner.id, orgUuid);
  const rows = await deps.db
    .selectFrom('invoices')
    .selectAll()
    .where('organization_id', '=', org.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.uuid,
    number: r.number,
    created_at: toIso(r.created_at)!,
    description: r.description,
    amount: pounds(r.total_pence),
    amount_pence: r.total_pence,
    currency: r.currency,
    status: r.status,
    ...invoiceLinks(deps, r),
  }));
}

/** The invoice with its lines and organization, for its owner only (404 otherwise). */
export async function findOwnedInvoice(deps: AppDeps, ownerId: number, invoiceUuid: string) {
  if (!isUuid(invoiceUuid)) throw new AppError('NOT_FOUND', BILLING_TEXTS.invoiceNotFound);
  const invoice = await deps.db
    .selectFrom('invoices')
    .innerJoin('organizations', 'organizations.id', 'invoices.organization_id')
    .selectAll('invoices')
    .select(['organizations.name as organization_name', 'organizations.owner_id'])
    .where('invoices.uuid', '=', invoiceUuid)
    .executeTakeFirst();
  if (!invoice || invoice.owner_id !== ownerId)
    throw new AppError('NOT_FOUND', BILLING_TEXTS.invoiceNotFound);
  const lines = await deps.db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .orderBy('id')
    .execute();
  return { invoice, lines };
}

// ---------------------------------------------------------------- payment methods (test mode)

export async function findPaymentMethod(
  deps: AppDeps,
  ownerId: number,
  providerId: string,
): Promise<PaymentMethodRow> {
  const find = () =>
    deps.db
      .selectFrom('payment_methods')
      .selectAll()
      .where('provider_id', '=', providerId)
      .where('user_id', '=', ownerId)
      .executeTakeFirst();
  let pm = await find();
  if (!pm && deps.payments.name === 'stripe' && /^pm_[A-Za-z0-9_]+$/.test(providerId)) {
    // Created in the browser with Stripe Elements: keep only its type, brand and last four.
    const resolved = await deps.payments.resolvePaymentMethod(providerId);
    if (resolved) {
      await deps.db
        .insertInto('payment_methods')
        .values({
          provider_id: providerId,
          user_id: ownerId,
          ...resolved,
          test_behaviour: null,
          created_at: deps.clock.now(),
        })
        .onConflict((oc) => oc.column('provider_id').doNothing())
        .execute();
      pm = await find();
    }
  }
  if (!pm) {
    throw new AppError('VALIDATION_ERROR', BILLING_TEXTS.paymentMethodNotFound, {
      errors: { payment_method_id: [BILLING_TEXTS.paymentMethodNotFound] },
    });
  }
  return pm;
}

// ---------------------------------------------------------------- invoices and charges

type Line = { description: string; quantity: number; unit: number };

async function nextInvoiceNumber(db: Db, now: Date): Promise<string> {
  const stamp = now.toISOString().slice(0, 10).replace(/-/g, '');
  return `INV-${stamp}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

export async function insertInvoice(
  db: Db,
  now: Date,
  sub: Pick<SubscriptionRow, 'id' | 'organization_id' | 'billing_details'>,
  input: {
    description: string;
    lines: Line[];
    status: 'paid' | 'pending' | 'failed';
    providerInvoiceId: string | null;
    periodStart?: Date | null;
    periodEnd?: Date | null;
    failureMessage?: string | null;
    nextAttemptAt?: Date | null;
  },
): Promise<InvoiceRow> {
  const total = input.lines.reduce((sum, l) => sum + l.quantity * l.unit, 0);
  const invoice = await db
    .insertInto('invoices')
    .values({
      number: await nextInvoiceNumber(db, now),
      subscription_id: sub.id,
      organization_id: sub.organization_id,
      description: input.description,
      status: input.status,
      total_pence: total,
      currency: 'GBP',
      provider_invoice_id: input.providerInvoiceId,
      hosted_url: null,
      pdf_url: null,
      billing_details: JSON.stringify(sub.billing_details),
      period_start: input.periodStart ?? null,
      period_end: input.periodEnd ?? null,
      failure_message: input.failureMessage ?? null,
      next_attempt_at: input.nextAttemptAt ?? null,
      paid_at: input.status === 'paid' ? now : null,
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (input.lines.length) {
    await db
      .insertInto('invoice_lines')
      .values(
        input.lines.map((l) => ({
          invoice_id: invoice.id,
          description: l.description,
          quantity: l.quantity,
          unit_amount_pence: l.unit,
          amount_pence: l.quantity * l.unit,
        })),
      )
      .execute();
  }
  return invoice;
}

export function planLines(plan: PlanId, venues: number, label = ''): Line[] {
  const lines: Line[] = [
    { description: `${PLANS[plan].name} plan${label}`, quantity: 1, unit: PLANS[plan].pricePence },
  ];
  if (plan === 'basic' && venues > 0) {
    lines.push({
      description: `Additional venues${label}`,
      quantity: venues,
      unit: PLANS.basic.additionalVenuePricePence,
    });
  }
  return lines;
}

export async function charge(
  deps: AppDeps,
  pm: PaymentMethodRow,
  amountPence: number,
  kind: ChargeKind,
  idempotencyKey: string,
  description: string,
) {
  if (amountPence <= 0)
    return { ok: true as const, status: 'paid' as const, providerInvoiceId: null };
  return deps.payments.charge({
    paymentMethod: pm,
    amountPence,
    kind,
    idempotencyKey,
    description,
  });
}

export async function enqueueSepaSettle(db: Db, now: Date, invoiceId: number) {
  await enqueueJob(db, {
    type: SEPA_SETTLE_JOB,
    payload: { invoice_id: invoiceId },
    runAt: new Date(now.getTime() + SEPA_DELAY_MS),
    uniqueKey: `sepa-settle:${invoiceId}`,
  });
}

// ---------------------------------------------------------------- idempotency

/**
 * Runs `work` once per (user, key): a retried request with the same key answers the stored
 * response and charges nothing. Without a key the work simply runs.
 */
export async function withIdempotency<T>(
  deps: AppDeps,
  userId: number,
  key: string | undefined,
  scope: string,
  work: () => Promise<T>,
): Promise<T> {
  if (!key) return work();
  const inserted = await deps.db
    .insertInto('idempotency_keys')
    .values({ user_id: userId, key, scope, response: null, created_at: deps.clock.now() })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!inserted) {
    const existing = await deps.db
      .selectFrom('idempotency_keys')
      .select(['response', 'scope'])
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    if (existing?.response != null && existing.scope === scope) return existing.response as T;
    throw new AppError('CONFLICT', BILLING_TEXTS.idempotencyInProgress);
  }
  try {
    const result = await work();
    await deps.db
      .updateTable('idempotency_keys')
      .set({ response: JSON.stringify(result ?? null) })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    return result;
  } catch (error) {
    await deps.db
      .deleteFrom('idempotency_keys')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
    throw error;
  }
}

// ---------------------------------------------------------------- organization state

async function setOrganizationStatus(
  db: Db,
  organizationId: number,
  status: 'active' | 'inactive',
  now: Date,
) {
  await db
    .updateTable('organizations')
    .set({ status, updated_at: now })
    .where('id', '=', organizationId)
    .execute();
}

export async function suspendService(db: Db, sub: SubscriptionRow, now: Date) {
  await setOrganizationStatus(db, sub.organization_id, 'inactive', now);
  const suspended = await db
    .updateTable('instances')
    .set({ status: 'suspended', updated_at: now })
    .where('organization_id', '=', sub.organization_id)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  const ids = [...new Set([...(sub.suspended_instance_ids ?? []), ...suspended.map((r) => r.id)])];
  await db
    .updateTable('subscriptions')
    .set({ suspended_instance_ids: JSON.stringify(ids), updated_at: now })
    .where('id', '=', sub.id)
    .execute();
}

async function resumeService(db: Db, sub: SubscriptionRow, now: Date) {
  await setOrganizationStatus(db, sub.organization_id, 'active', now);
  const ids = sub.suspended_instance_ids ?? [];
  if (ids.length) {
    await db
      .updateTable('instances')
      .set({ status: 'active', updated_at: now })
      .where('id', 'in', ids)
      .where('status', '=', 'suspended')
      .execute();
  }
  await db
    .updateTable('subscriptions')
    .set({ suspended_instance_ids: '[]', updated_at: now })
    .where('id', '=', sub.id)
    .execute();
}

async function ownerOf(db: Db, sub: SubscriptionRow) {
  return db
    .selectFrom('users')
    .innerJoin('organizations', 'organizations.owner_id', 'users.id')
    .select(['users.id', 'users.email', 'users.name', 'organizations.name as org_name'])
    .where('organizations.id', '=', sub.organization_id)
    .executeTakeFirstOrThrow();
}

/** A charge failed: the subscription goes past due (grace period), the owner is told. */
export async function markPastDue(
  deps: AppDeps,
  db: Db,
  sub: SubscriptionRow,
  now: Date,
  message: string,
) {
  const wasPastDue = sub.status === 'past_due' || sub.status === 'suspended';
  await db
    .updateTable('subscriptions')
    .set({
      status: sub.status === 'suspended' ? 'suspended' : 'past_due',
      past_due_since: sub.past_due_since ?? now,
      updated_at: now,
    })
    .where('id', '=', sub.id)
    .execute();
  if (wasPastDue) return;
  const owner = await ownerOf(db, sub);
  const { html, text } = renderEmail(
    {
      title: 'Your payment is past due',
      paragraphs: [
        `We could not take the payment for ${owner.org_name}: ${message}`,
        `Please update your payment method within ${deps.config.billing.gracePeriodDays} days to avoid service interruption.`,
      ],
      action: {
        label: 'Update payment method',
        url: `${deps.config.appUrl}/dashboard/subscription`,
      },
    },
    deps.config.productShortName,
  );
  await deps.mailer.send(
    {
      to: owner.email,
      subject: 'Your payment is past due',
      html,
      text,
      kind: 'billing-past-due',
      userId: owner.id,
    },
    db,
  );
  await recordActivity(
    deps,
    null,
    {
      userId: owner.id,
      type: 'organization',
      action: 'subscription.payment_failed',
      description: `Payment failed for "${owner.org_name}": ${message}`,
      severity: 'high',
    },
    db,
  );
}

/** Every outstanding invoice is paid: the subscription and its organization are active again. */
export async function markRecovered(db: Db, sub: SubscriptionRow, now: Date) {
  const outstanding = await db
    .selectFrom('invoices')
    .select('id')
    .where('subscription_id', '=', sub.id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (outstanding) return;
  if (sub.status !== 'past_due' && sub.status !== 'suspended') return;
  await db
    .updateTable('subscriptions')
    .set({ status: 'active', past_due_since: null, updated_at: now })
    .where('id', '=', sub.id)
    .execute();
  await resumeService(db, sub, now);
}

// ---------------------------------------------------------------- create

export type CreateInput = {
  organization_uuid: string;
  plan_type: PlanId;
  additional_venues: number;
  payment_method_id: string;
  payment_type: 'card' | 'direct_debit';
  billing_details: BillingDetails;
  idempotency_key?: string;
};

export async function createSubscription(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: CreateInput,
): Promise<SubscriptionOutput> {
  const org = await findOwnedOrganization(deps.db, owner.id, input.organization_uuid);
  return withIdempotency(
    deps,
    owner.id,
    input.idempotency_key,
    `subscribe:${org.uuid}`,
    async () => {
      const existing = await findSubscription(deps.db, org.id);
      if (existing && existing.status !== 'expired')
        throw new AppError('CONFLICT', BILLING_TEXTS.alreadySubscribed);
      const pm = await findPaymentMethod(deps, owner.id, input.payment_method_id);
      const venues = input.plan_type === 'unlimited' ? 0 : input.additional_venues;
      const now = deps.clock.now();
      const periodEnd = addMonth(now);
      const lines: Line[] = [
        { description: 'One-time setup fee', quantity: 1, unit: SETUP_FEE_PENCE },
        ...planLines(input.plan_type, venues),
      ];
      const total = lines.reduce((s, l) => s + l.quantity * l.unit, 0);
      const result = await charge(
        deps,
        pm,
        total,
        'initial',
        // Stable per attempt: concurrent duplicates collapse into one charge at the provider.
        `${input.idempotency_key ?? `subscribe:${org.uuid}:${existing?.id ?? 'new'}`}:${pm.provider_id}:${input.plan_type}:${venues}`,
        `${PLANS[input.plan_type].name} plan for ${org.name}`,
      );
      if (!result.ok)
        throw new AppError('BAD_REQUEST', result.message, { extra: { payment_error: true } });

      const sub = await deps.db
        .transaction()
        .execute(async (trx) => {
          const values = {
            organization_id: org.id,
            owner_id: owner.id,
            provider: deps.payments.name,
            provider_customer_id: null,
            provider_subscription_id: null,
            plan_type: input.plan_type,
            additional_venues: venues,
            status: 'active' as const,
            payment_method_id: pm.id,
            payment_type: input.payment_type,
            current_period_start: now,
            current_period_end: periodEnd,
            past_due_since: null,
            cancelled_at: null,
            service_ends_at: null,
            credit_pence: 0,
            suspended_instance_ids: '[]',
            billing_details: JSON.stringify(input.billing_details),
            created_at: now,
            updated_at: now,
          };
          const row = existing
            ? await trx
                .updateTable('subscriptions')
                .set(values)
                .where('id', '=', existing.id)
                .returningAll()
                .executeTakeFirstOrThrow()
            : await trx
                .insertInto('subscriptions')
                .values(values)
                .returningAll()
                .executeTakeFirstOrThrow();
          const invoice = await insertInvoice(trx, now, row, {
            description: `Setup fee and first month — ${PLANS[input.plan_type].name} plan`,
            lines,
            status: result.status,
            providerInvoiceId: result.providerInvoiceId,
            periodStart: now,
            periodEnd,
          });
          if (result.status === 'pending') await enqueueSepaSettle(trx, now, invoice.id);
          await setOrganizationStatus(trx, org.id, 'active', now);
          await recordActivity(
            deps,
            req,
            {
              userId: owner.id,
              type: 'organization',
              action: 'subscription.started',
              description: `Started the ${PLANS[input.plan_type].name} plan for "${org.name}"`,
              severity: 'info',
            },
            trx,
          );
          return row;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error))
            throw new AppError('CONFLICT', BILLING_TEXTS.alreadySubscribed);
          throw error;
        });
      return toOutput(deps, sub, org.uuid);
    },
  );
}

// ---------------------------------------------------------------- changes

async function ownedLiveSubscription(deps: AppDeps, owner: Owner, orgUuid: string) {
  const org = await findOwnedOrganization(deps.db, owner.id, orgUuid);
  const sub = await findSubscription(deps.db, org.id);
  if (!sub || sub.status === 'expired')
    throw new AppError('NOT_FOUND', BILLING_TEXTS.noSubscription);
  return { org, sub };
}

export type Preview = {
  amount_due_today: number;
  amount_due_today_pence: number;
  new_price_monthly: number;
  new_price_monthly_pence: number;
  credit_pence: number;
  lines: Array<{ description: string; amount_pence: number }>;
};

function planChangeQuote(sub: SubscriptionRow, plan: PlanId, currentCount: number, now: Date) {
  const venues = plan === 'unlimited' ? 0 : Math.max(0, currentCount - 1);
  const oldPrice = monthlyPricePence(sub.plan_type, sub.additional_venues);
  const newPrice = monthlyPricePence(plan, venues);
  const diff = prorate(newPrice - oldPrice, remainingFraction(sub, now));
  return { venues, newPrice, due: Math.max(0, diff), credit: Math.max(0, -diff) };
}

export async function previewChange(
  deps: AppDeps,
  owner: Owner,
  input: { organization_uuid: string; plan_type?: PlanId; additional_locations?: number },
): Promise<Preview> {
  const { sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  const now = deps.clock.now();
  if (input.plan_type) {
    const q = planChangeQuote(
      sub,
      input.plan_type,
      await countLocations(deps.db, sub.organization_id),
      now,
    );
    return {
      amount_due_today: pounds(q.due),
      amount_due_today_pence: q.due,
      new_price_monthly: pounds(q.newPrice),
      new_price_monthly_pence: q.newPrice,
      credit_pence: q.credit,
      lines: [
        {
          description: `Prorated change to the ${PLANS[input.plan_type].name} plan`,
          amount_pence: q.due,
        },
      ],
    };
  }
  const n = input.additional_locations ?? 0;
  const due = prorate(n * PLANS.basic.additionalVenuePricePence, remainingFraction(sub, now));
  const newPrice = monthlyPricePence(sub.plan_type, sub.additional_venues + n);
  return {
    amount_due_today: pounds(due),
    amount_due_today_pence: due,
    new_price_monthly: pounds(newPrice),
    new_price_monthly_pence: newPrice,
    credit_pence: 0,
    lines: [
      {
        description: `${n} additional location${n === 1 ? '' : 's'} (prorated)`,
        amount_pence: due,
      },
    ],
  };
}

function assertChangeable(sub: SubscriptionRow) {
  if (sub.status === 'cancelled') throw new AppError('CONFLICT', BILLING_TEXTS.cancelled);
}

export async function paymentMethodOf(db: Db, sub: SubscriptionRow): Promise<PaymentMethodRow> {
  const pm = sub.payment_method_id
    ? await db
        .selectFrom('payment_methods')
        .selectAll()
        .where('id', '=', sub.payment_method_id)
        .executeTakeFirst()
    : undefined;
  if (!pm) throw new AppError('CONFLICT', BILLING_TEXTS.paymentMethodNotFound);
  return pm;
}

/** Charges a prorated amount now, records the invoice, then applies `apply` in the same transaction. */
async function chargeNowAndApply(
  deps: AppDeps,
  sub: SubscriptionRow,
  amount: number,
  description: string,
  lineText: string,
  key: string,
  apply: (trx: Db) => Promise<void>,
) {
  const now = deps.clock.now();
  let status: 'paid' | 'pending' = 'paid';
  let providerInvoiceId: string | null = null;
  if (amount > 0) {
    const pm = await paymentMethodOf(deps.db, sub);
    const result = await charge(deps, pm, amount, 'proration', key, description);
    if (!result.ok)
      throw new AppError('BAD_REQUEST', result.message, { extra: { payment_error: true } });
    status = result.status;
    providerInvoiceId = result.providerInvoiceId;
  }
  await deps.db.transaction().execute(async (trx) => {
    if (amount > 0) {
      const invoice = await insertInvoice(trx, now, sub, {
        description,
        lines: [{ description: lineText, quantity: 1, unit: amount }],
        status,
        providerInvoiceId,
        periodStart: now,
        periodEnd: new Date(sub.current_period_end),
      });
      if (status === 'pending') await enqueueSepaSettle(trx, now, invoice.id);
    }
    await apply(trx);
  });
}

export async function changePlan(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: { organization_uuid: string; plan_type: PlanId; idempotency_key?: string },
): Promise<SubscriptionOutput> {
  const { org, sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  return withIdempotency(deps, owner.id, input.idempotency_key, `plan:${org.uuid}`, async () => {
    assertChangeable(sub);
    if (sub.plan_type === input.plan_type) throw new AppError('CONFLICT', BILLING_TEXTS.samePlan);
    const now = deps.clock.now();
    const q = planChangeQuote(sub, input.plan_type, await countLocations(deps.db, org.id), now);
    const name = PLANS[input.plan_type].name;
    await chargeNowAndApply(
      deps,
      sub,
      q.due,
      `Plan change to ${name} (prorated)`,
      `Prorated difference to the ${name} plan until ${new Date(sub.current_period_end).toISOString().slice(0, 10)}`,
      input.idempotency_key ?? `plan:${sub.uuid}:${now.getTime()}`,
      async (trx) => {
        await trx
          .updateTable('subscriptions')
          .set({
            plan_type: input.plan_type,
            additional_venues: q.venues,
            credit_pence: sql<number>`credit_pence + ${q.credit}`,
            updated_at: now,
          })
          .where('id', '=', sub.id)
          .execute();
        await recordActivity(
          deps,
          req,
          {
            userId: owner.id,
            type: 'organization',
            action: 'subscription.changed',
            description: `Changed the plan of "${org.name}" to ${name}`,
            severity: 'info',
          },
          trx,
        );
      },
    );
    return toOutput(deps, (await findSubscription(deps.db, org.id))!, org.uuid);
  });
}

export async function addLocations(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: { organization_uuid: string; additional_locations: number; idempotency_key?: string },
): Promise<SubscriptionOutput> {
  const { org, sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  return withIdempotency(
    deps,
    owner.id,
    input.idempotency_key,
    `add-locations:${org.uuid}`,
    async () => {
      assertChangeable(sub);
      if (sub.plan_type !== 'basic') throw new AppError('CONFLICT', BILLING_TEXTS.basicOnly);
      const n = input.additional_locations;
      const now = deps.clock.now();
      const amount = prorate(
        n * PLANS.basic.additionalVenuePricePence,
        remainingFraction(sub, now),
      );
      await chargeNowAndApply(
        deps,
        sub,
        amount,
        `${n} additional location${n === 1 ? '' : 's'} (prorated)`,
        `${n} × additional venue at ${formatGbp(PLANS.basic.additionalVenuePricePence)}/month, prorated to ${new Date(sub.current_period_end).toISOString().slice(0, 10)}`,
        input.idempotency_key ?? `add:${sub.uuid}:${now.getTime()}`,
        async (trx) => {
          await trx
            .updateTable('subscriptions')
            .set({ additional_venues: sql<number>`additional_venues + ${n}`, updated_at: now })
            .where('id', '=', sub.id)
            .execute();
          await recordActivity(
            deps,
            req,
            {
              userId: owner.id,
              type: 'organization',
              action: 'subscription.changed',
              description: `Added ${n} location${n === 1 ? '' : 's'} to "${org.name}"`,
              severity: 'info',
            },
            trx,
          );
        },
      );
      return toOutput(deps, (await findSubscription(deps.db, org.id))!, org.uuid);
    },
  );
}

/** The most locations that can be removed: min(10, limit − max(current, 1)). */
export function maxRemovable(limit: number, current: number): number {
  if (limit < 0) return 0;
  return Math.max(0, Math.min(10, limit - Math.max(current, 1)));
}

export async function removeLocations(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: { organization_uuid: string; locations_to_remove: number },
): Promise<SubscriptionOutput> {
  const { org, sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  assertChangeable(sub);
  if (sub.plan_type !== 'basic') throw new AppError('CONFLICT', BILLING_TEXTS.basicOnly);
  const max = maxRemovable(
    locationLimitOf(sub.plan_type, sub.additional_venues),
    await countLocations(deps.db, org.id),
  );
  const n = input.locations_to_remove;
  if (n > max) {
    throw new AppError('VALIDATION_ERROR', BILLING_TEXTS.removeTooMany(max), {
      errors: { locations_to_remove: [BILLING_TEXTS.removeTooMany(max)] },
    });
  }
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscriptions')
      .set({ additional_venues: sql<number>`additional_venues - ${n}`, updated_at: now })
      .where('id', '=', sub.id)
      .execute();
    await recordActivity(
      deps,
      req,
      {
        userId: owner.id,
        type: 'organization',
        action: 'subscription.changed',
        description: `Removed ${n} location${n === 1 ? '' : 's'} from "${org.name}" from the next billing cycle`,
        severity: 'info',
      },
      trx,
    );
  });
  return toOutput(deps, (await findSubscription(deps.db, org.id))!, org.uuid);
}

export async function cancelSubscription(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: { organization_uuid: string },
): Promise<SubscriptionOutput> {
  const { org, sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  if (sub.status === 'cancelled') return toOutput(deps, sub, org.uuid);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscriptions')
      .set({
        status: 'cancelled',
        cancelled_at: now,
        service_ends_at: sub.current_period_end,
        updated_at: now,
      })
      .where('id', '=', sub.id)
      .execute();
    await recordActivity(
      deps,
      req,
      {
        userId: owner.id,
        type: 'organization',
        action: 'subscription.cancelled',
        description: `Cancelled the subscription of "${org.name}"`,
        severity: 'medium',
      },
      trx,
    );
  });
  return toOutput(deps, (await findSubscription(deps.db, org.id))!, org.uuid);
}

/** Replaces the payment method and retries every failed invoice at once (the recovery path). */
export async function updatePaymentMethod(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: { organization_uuid: string; payment_method_id: string },
): Promise<SubscriptionOutput> {
  const { org, sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  const pm = await findPaymentMethod(deps, owner.id, input.payment_method_id);
  const now = deps.clock.now();
  await deps.db
    .updateTable('subscriptions')
    .set({
      payment_method_id: pm.id,
      payment_type: pm.type === 'sepa_debit' ? 'direct_debit' : 'card',
      updated_at: now,
    })
    .where('id', '=', sub.id)
    .execute();
  await recordActivity(deps, req, {
    userId: owner.id,
    type: 'settings',
    action: 'subscription.payment_method_updated',
    description: `Updated the payment method of "${org.name}"`,
    severity: 'info',
  });
  await retryFailedInvoices(deps, sub.id, true);
  return toOutput(deps, (await findSubscription(deps.db, org.id))!, org.uuid);
}

// ---------------------------------------------------------------- config and seams

export function billingConfig(deps: AppDeps) {
  return {
    provider: deps.payments.name,
    publishable_key: deps.payments.publishableKey,
    test_mode: deps.payments.name === 'test',
    plans: PLAN_LIST.map((p) => ({
      key: p.id,
      id: p.id,
      name: p.name,
      price: pounds(p.pricePence),
      price_pence: p.pricePence,
      locations: p.locations,
      additionalVenuePrice: pounds(p.additionalVenuePricePence),
      additional_venue_price_pence: p.additionalVenuePricePence,
      features: p.features,
    })),
    setup_fee: pounds(SETUP_FEE_PENCE),
    setup_fee_pence: SETUP_FEE_PENCE,
    currency: 'GBP',
    max_additional_venues: MAX_ADDITIONAL_VENUES,
  };
}

function withinService(deps: AppDeps, sub: SubscriptionRow): boolean {
  const now = deps.clock.now().getTime();
  if (sub.status === 'active') return true;
  if (sub.status === 'past_due') {
    const since = sub.past_due_since ? new Date(sub.past_due_since).getTime() : now;
    return now < since + deps.config.billing.gracePeriodDays * 86_400_000;
  }
  if (sub.status === 'cancelled')
    return !!sub.service_ends_at && now < new Date(sub.service_ends_at).getTime();
  return false;
}

export async function assertDeployAllowedImpl(
  deps: AppDeps,
  organizationId: number,
): Promise<void> {
  const sub = await findSubscription(deps.db, organizationId);
  if (!sub || !withinService(deps, sub))
    throw new AppError('CONFLICT', BILLING_TEXTS.deployNeedsSubscription);
  const limit = locationLimitOf(sub.plan_type, sub.additional_venues);
  if (limit !== -1 && (await countLocations(deps.db, organizationId)) >= limit) {
    throw new AppError('CONFLICT', BILLING_TEXTS.deployLimitReached);
  }
}

export async function hasLiveSubscriptionImpl(
  deps: AppDeps,
  organizationId: number,
): Promise<boolean> {
  const sub = await findSubscription(deps.db, organizationId);
  return !!sub && sub.status !== 'expired';
}
