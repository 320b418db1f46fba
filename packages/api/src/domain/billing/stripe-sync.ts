import { createHash } from 'node:crypto';
import type { BillingDetails } from '@scmp/db';
import { PLANS } from '../../contracts/plans';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import type {
  ProviderInvoice,
  ProviderSubscription,
  SubscriptionGateway,
} from '../../core/payments/subscription-gateway';
import { markPastDue, markRecovered, suspendService } from './service-state';
import { insertInvoiceLines } from './invoices';
import {
  subscriptionById,
  updateSubscription,
  type Db,
  type InvoiceRow,
  type SubscriptionRow,
} from './shared';

/**
 * Stripe owns these objects; our database mirrors them. Everything here applies a state read
 * back from Stripe (never an event's copy), so a late or repeated event cannot roll state back.
 */

export function stripeGateway(deps: AppDeps): SubscriptionGateway {
  if (!deps.payments.subscriptions) throw new AppError('NOT_FOUND', 'Not found');
  return deps.payments.subscriptions;
}

/** Whether this subscription lives in Stripe (a Stripe provider and a Stripe subscription id). */
export function isStripeManaged(
  deps: AppDeps,
  sub: Pick<SubscriptionRow, 'provider' | 'provider_subscription_id'>,
): boolean {
  return (
    !!deps.payments.subscriptions && sub.provider === 'stripe' && !!sub.provider_subscription_id
  );
}

const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

/** The organization's one Stripe customer: created once, then reused (details refreshed). */
export async function ensureOrganizationCustomer(
  deps: AppDeps,
  org: { id: number; uuid: string; name: string },
  email: string,
  billing: BillingDetails | null,
): Promise<string> {
  const find = () =>
    deps.db
      .selectFrom('billing_customers')
      .select('provider_customer_id')
      .where('organization_id', '=', org.id)
      .where('provider', '=', 'stripe')
      .executeTakeFirst();
  const row = await find();
  const existingId = row?.provider_customer_id ?? null;
  const id = await stripeGateway(deps).ensureCustomer({
    existingId,
    organizationUuid: org.uuid,
    organizationName: org.name,
    email,
    billing,
    idempotencyKey: existingId
      ? `scmp:customer-update:${existingId}:${digest(billing)}`
      : `scmp:customer:${org.uuid}`,
  });
  if (!existingId) {
    await deps.db
      .insertInto('billing_customers')
      .values({
        organization_id: org.id,
        provider: 'stripe',
        provider_customer_id: id,
        created_at: deps.clock.now(),
      })
      .onConflict((oc) => oc.columns(['organization_id', 'provider']).doNothing())
      .execute();
    return (await find())?.provider_customer_id ?? id;
  }
  return id;
}

const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : '');

function describeInvoice(inv: ProviderInvoice, sub: Pick<SubscriptionRow, 'plan_type'>): string {
  const plan = PLANS[sub.plan_type].name;
  switch (inv.billingReason) {
    case 'subscription_create':
      return `Setup fee and first month — ${plan} plan`;
    case 'subscription_cycle':
      return `${plan} plan — ${day(inv.periodStart)} to ${day(inv.periodEnd)}`;
    case 'subscription_update':
      return 'Subscription change (prorated)';
    default:
      return `${plan} plan invoice`;
  }
}

/**
 * Upserts a Stripe invoice into our billing history (Stripe's hosted page and PDF as its
 * links). Returns the row and the status it had before (null when new).
 */
export async function mirrorInvoice(
  db: Db,
  sub: SubscriptionRow,
  inv: ProviderInvoice,
  now: Date,
  description?: string,
): Promise<{ invoice: InvoiceRow; previousStatus: InvoiceRow['status'] | null }> {
  const existing = await db
    .selectFrom('invoices')
    .selectAll()
    .where('provider_invoice_id', '=', inv.id)
    .executeTakeFirst();
  const state = {
    status: inv.status,
    total_pence: inv.totalPence,
    hosted_url: inv.hostedUrl,
    pdf_url: inv.pdfUrl,
    paid_at: inv.status === 'paid' ? (existing?.paid_at ?? now) : null,
    failure_message: inv.status === 'failed' ? 'Payment failed.' : null,
  };
  if (existing) {
    const invoice = await db
      .updateTable('invoices')
      .set(state)
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { invoice, previousStatus: existing.status };
  }
  const inserted = await db
    .insertInto('invoices')
    .values({
      ...state,
      number: inv.number ?? `INV-${inv.id}`,
      subscription_id: sub.id,
      organization_id: sub.organization_id,
      description: description ?? describeInvoice(inv, sub),
      currency: inv.currency,
      provider_invoice_id: inv.id,
      billing_details: JSON.stringify(sub.billing_details),
      period_start: inv.periodStart,
      period_end: inv.periodEnd,
      next_attempt_at: null,
      billing_reason: inv.billingReason,
      created_at: inv.created,
    })
    .onConflict((oc) => oc.column('provider_invoice_id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) return mirrorInvoice(db, sub, inv, now, description);
  await insertInvoiceLines(
    db,
    inserted.id,
    inv.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unit: l.quantity ? Math.round(l.amountPence / l.quantity) : l.amountPence,
      amount: l.amountPence,
    })),
  );
  return { invoice: inserted, previousStatus: null };
}

/**
 * Applies Stripe's current subscription to ours: plan, venues, period and status (active,
 * cancelled to the period end, past due, suspended when unpaid, expired when cancelled).
 */
export async function applyProviderSubscription(
  deps: AppDeps,
  db: Db,
  sub: SubscriptionRow,
  ps: ProviderSubscription,
  now: Date,
): Promise<SubscriptionRow> {
  const base = {
    provider_status: ps.status,
    current_period_start: ps.periodStart,
    current_period_end: ps.periodEnd,
    updated_at: now,
    ...(ps.plan
      ? { plan_type: ps.plan, additional_venues: ps.plan === 'basic' ? ps.venues : 0 }
      : {}),
  };
  const update = (values: Record<string, unknown>) =>
    updateSubscription(db, sub.id, { ...base, ...values });
  switch (ps.status) {
    case 'active':
    case 'trialing':
      if (ps.cancelAtPeriodEnd) {
        await update({
          status: sub.status === 'expired' ? 'expired' : 'cancelled',
          cancelled_at: sub.cancelled_at ?? now,
          service_ends_at: ps.periodEnd,
        });
      } else if (sub.status === 'cancelled' || sub.status === 'expired') {
        await update({ status: 'active', cancelled_at: null, service_ends_at: null });
      } else {
        await update({});
      }
      await markRecovered(db, await subscriptionById(db, sub.id), now);
      break;
    case 'past_due':
      await update({});
      await markPastDue(deps, db, await subscriptionById(db, sub.id), now, 'Payment failed.');
      break;
    case 'unpaid':
    case 'paused':
      await update({ status: 'suspended', past_due_since: sub.past_due_since ?? now });
      await suspendService(db, await subscriptionById(db, sub.id), now);
      break;
    case 'canceled':
    case 'incomplete_expired':
      await update({ status: 'expired', service_ends_at: sub.service_ends_at ?? now });
      await suspendService(db, await subscriptionById(db, sub.id), now);
      break;
    default:
      await update({});
  }
  return subscriptionById(db, sub.id);
}
