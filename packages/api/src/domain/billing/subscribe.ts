import type { BillingDetails } from '@scmp/db';
import {
  PLANS,
  SETUP_FEE_PENCE,
  formatGbp,
  monthlyPricePence,
  type PlanId,
} from '../../contracts/plans';
import { renderEmail } from '../../core/mail/render-email';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import type { PaymentMethodRow } from '../../core/payments/provider';
import { recordOrganizationActivity } from '../activity';
import { findMemberOrganization } from '../memberships';
import { isUniqueViolation } from '../../core/unique-violation';
import { charge, enqueueSepaSettle, insertInvoice, planLines, type Line } from './invoices';
import { findPaymentMethod } from './payment-methods';
import { toOutput, type SubscriptionOutput } from './queries';
import { setOrganizationStatus } from './service-state';
import {
  BILLING_TEXTS,
  addMonth,
  findSubscription,
  type Db,
  type Owner,
  type Req,
  type SubscriptionRow,
} from './shared';
import { startStripeSubscription } from './stripe-lifecycle';
import { mirrorInvoice } from './stripe-sync';

export type CreateInput = {
  organization_uuid: string;
  plan_type: PlanId;
  additional_venues: number;
  payment_method_id: string;
  payment_type: 'card' | 'direct_debit';
  billing_details: BillingDetails;
  idempotency_key?: string;
};

type Started = {
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
  providerStatus: string | null;
  periodStart: Date;
  periodEnd: Date;
  /** Writes the first invoice: our own (test mode) or Stripe's mirrored. */
  writeInvoice: (trx: Db, row: SubscriptionRow) => Promise<void>;
  /** What the first invoice charged, and whether it is paid already (SEPA: still processing). */
  amountPence: number;
  paid: boolean;
};

const firstInvoiceText = (plan: PlanId) => `Setup fee and first month — ${PLANS[plan].name} plan`;

/** Test mode: we charge setup fee plus first month ourselves and write the invoice. */
async function startInTestMode(
  deps: AppDeps,
  org: { uuid: string; name: string },
  pm: PaymentMethodRow,
  input: CreateInput,
  venues: number,
  attemptKey: string,
): Promise<Started> {
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
    attemptKey,
    `${PLANS[input.plan_type].name} plan for ${org.name}`,
  );
  if (!result.ok)
    throw new AppError('BAD_REQUEST', result.message, { extra: { payment_error: true } });
  return {
    providerCustomerId: null,
    providerSubscriptionId: null,
    providerStatus: null,
    periodStart: now,
    periodEnd,
    amountPence: total,
    paid: result.status === 'paid',
    writeInvoice: async (trx, row) => {
      const invoice = await insertInvoice(trx, now, row, {
        description: firstInvoiceText(input.plan_type),
        lines,
        status: result.status,
        providerInvoiceId: result.providerInvoiceId,
        periodStart: now,
        periodEnd,
      });
      if (result.status === 'pending') await enqueueSepaSettle(trx, now, invoice.id);
    },
  };
}

/** Stripe: a real Customer and Subscription; its first invoice is mirrored into our history. */
async function startInStripe(
  deps: AppDeps,
  org: { id: number; uuid: string; name: string },
  owner: Owner,
  pm: PaymentMethodRow,
  input: CreateInput,
  venues: number,
  attemptKey: string,
): Promise<Started> {
  const started = await startStripeSubscription(deps, {
    org,
    email: owner.email,
    billing: input.billing_details,
    paymentMethod: pm,
    plan: input.plan_type,
    venues,
    paymentType: input.payment_type,
    idempotencyKey: attemptKey,
  });
  return {
    providerCustomerId: started.customerId,
    providerSubscriptionId: started.subscription.id,
    providerStatus: started.subscription.status,
    periodStart: started.subscription.periodStart,
    periodEnd: started.subscription.periodEnd,
    amountPence: started.invoice?.totalPence ?? 0,
    paid: started.invoice?.status === 'paid',
    writeInvoice: async (trx, row) => {
      if (started.invoice)
        await mirrorInvoice(
          trx,
          row,
          started.invoice,
          deps.clock.now(),
          firstInvoiceText(input.plan_type),
        );
    },
  };
}

/**
 * The receipt of a new subscription (plan, amount, date, next billing date) to the billing
 * e-mail entered with the payment, through the outbox in the same transaction: transactional,
 * sent whatever the notification preferences say.
 */
async function sendReceipt(
  deps: AppDeps,
  trx: Db,
  owner: Owner,
  input: CreateInput,
  orgName: string,
  started: Started,
  now: Date,
) {
  const plan = PLANS[input.plan_type].name;
  const venues = input.plan_type === 'unlimited' ? 0 : input.additional_venues;
  const date = (d: Date) =>
    d.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
  const amount = formatGbp(started.amountPence, { minimumFractionDigits: 2 });
  const subject = `Receipt: ${plan} plan for ${orgName}`;
  const { html, text } = renderEmail(
    {
      title: subject,
      paragraphs: [
        `Hello ${input.billing_details.name},`,
        `Thank you for subscribing ${orgName} to the ${plan} plan${venues ? ` with ${venues} additional venue${venues === 1 ? '' : 's'}` : ''}.`,
        started.paid
          ? `Amount paid: ${amount} on ${date(now)} (one-time setup fee and the first month).`
          : `Amount: ${amount}, by direct debit on ${date(now)} (one-time setup fee and the first month); the payment is processing and can take 3-5 business days.`,
        `Then ${formatGbp(monthlyPricePence(input.plan_type, venues), { minimumFractionDigits: 2 })} per month; next billing date: ${date(started.periodEnd)}.`,
        'Next step: deploy your first instance.',
      ],
      action: {
        label: 'Deploy your first instance',
        url: `${deps.config.appUrl}/dashboard/instances?organization=${encodeURIComponent(input.organization_uuid)}`,
      },
      footnote: 'Your invoices are on the Subscription page of your dashboard.',
    },
    deps.config.productShortName,
  );
  await deps.mailer.send(
    {
      to: input.billing_details.email,
      subject,
      html,
      text,
      kind: 'billing-receipt',
      userId: owner.id,
    },
    trx,
  );
}

export async function createSubscription(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: CreateInput,
): Promise<SubscriptionOutput> {
  const org = await findMemberOrganization(
    deps.db,
    owner.id,
    input.organization_uuid,
    'manageBilling',
  );
  const existing = await findSubscription(deps.db, org.id);
  if (existing && existing.status !== 'expired')
    throw new AppError('CONFLICT', BILLING_TEXTS.alreadySubscribed);
  const pm = await findPaymentMethod(deps, owner.id, input.payment_method_id);
  const venues = input.plan_type === 'unlimited' ? 0 : input.additional_venues;
  // Stable per attempt: concurrent duplicates collapse into one charge at the provider.
  const attemptKey = `${input.idempotency_key ?? `subscribe:${org.uuid}:${existing?.id ?? 'new'}`}:${pm.provider_id}:${input.plan_type}:${venues}`;
  const started = deps.payments.subscriptions
    ? await startInStripe(deps, org, owner, pm, input, venues, attemptKey)
    : await startInTestMode(deps, org, pm, input, venues, attemptKey);
  const now = deps.clock.now();

  const sub = await deps.db
    .transaction()
    .execute(async (trx) => {
      const values = {
        organization_id: org.id,
        // The organization's owner, whichever owner or billing member subscribed.
        owner_id: org.owner_id,
        provider: deps.payments.name,
        provider_customer_id: started.providerCustomerId,
        provider_subscription_id: started.providerSubscriptionId,
        provider_status: started.providerStatus,
        plan_type: input.plan_type,
        additional_venues: venues,
        status: 'active' as const,
        payment_method_id: pm.id,
        payment_type: input.payment_type,
        current_period_start: started.periodStart,
        current_period_end: started.periodEnd,
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
      await started.writeInvoice(trx, row);
      await sendReceipt(deps, trx, owner, input, org.name, started, now);
      await setOrganizationStatus(trx, org.id, 'active', now);
      await recordOrganizationActivity(deps, req, trx, owner.id, {
        action: 'subscription.started',
        description: `Started the ${PLANS[input.plan_type].name} plan for "${org.name}"`,
        severity: 'info',
      });
      return row;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', BILLING_TEXTS.alreadySubscribed);
      throw error;
    });
  return toOutput(deps, sub, org.uuid);
}
