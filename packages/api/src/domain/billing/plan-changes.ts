import { sql } from 'kysely';
import { PLANS, monthlyPricePence, type PlanId } from '../../contracts/plans';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { charge, enqueueSepaSettle, insertInvoice, paymentMethodOf } from './invoices';
import { toOutput, type SubscriptionOutput } from './queries';
import {
  cancelStripeSubscription,
  previewStripeChange,
  updateStripeSubscription,
} from './stripe-lifecycle';
import { isStripeManaged } from './stripe-sync';
import {
  BILLING_TEXTS,
  type Db,
  type Owner,
  type Req,
  type SubscriptionRow,
  assertChangeable,
  countLocations,
  findSubscription,
  ownedLiveSubscription,
  pounds,
  prorate,
  prorationTime,
  quoteTime,
  remainingFraction,
} from './shared';
import type { Preview } from './subscription-schema';
import { changeSubscription } from './subscription-activity';

export type { Preview };

/** Previews (quotes), immediate prorated plan changes, and cancellation to the period end. */

function planChangeQuote(sub: SubscriptionRow, plan: PlanId, currentCount: number, at: Date) {
  const venues = plan === 'unlimited' ? 0 : Math.max(0, currentCount - 1);
  const oldPrice = monthlyPricePence(sub.plan_type, sub.additional_venues);
  const newPrice = monthlyPricePence(plan, venues);
  const diff = prorate(newPrice - oldPrice, remainingFraction(sub, at));
  return { venues, newPrice, due: Math.max(0, diff), credit: Math.max(0, -diff) };
}

/** Added Basic locations, prorated at `at`: what addLocations charges. */
export function addLocationsQuote(sub: SubscriptionRow, n: number, at: Date) {
  return prorate(n * PLANS.basic.additionalVenuePricePence, remainingFraction(sub, at));
}

/**
 * The amount due today for a plan change or added locations, prorated at the current second
 * (returned as proration_date). The change operations take that proration_date and compute the
 * charge the same way at the same moment (with Stripe: Stripe's invoice preview and the update,
 * both with subscription_details.proration_date), so the charge equals the quote to the penny.
 */
export async function previewChange(
  deps: AppDeps,
  owner: Owner,
  input: { organization_uuid: string; plan_type?: PlanId; additional_locations?: number },
): Promise<Preview> {
  const { sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid, 'viewBilling');
  const at = quoteTime(deps.clock.now());
  const prorationDate = at.getTime() / 1000;
  const common = {
    currency: 'GBP' as const,
    next_billing_date: new Date(sub.current_period_end).toISOString(),
    proration_date: prorationDate,
  };
  const n = input.additional_locations ?? 0;
  const target = input.plan_type
    ? {
        plan: input.plan_type,
        venues:
          input.plan_type === 'unlimited'
            ? 0
            : Math.max(0, (await countLocations(deps.db, sub.organization_id)) - 1),
      }
    : { plan: sub.plan_type, venues: sub.additional_venues + n };
  const newPrice = monthlyPricePence(target.plan, target.venues);
  const changes = input.plan_type ? input.plan_type !== sub.plan_type : sub.plan_type === 'basic';
  if (isStripeManaged(deps, sub) && changes && sub.status !== 'cancelled') {
    const preview = await previewStripeChange(deps, sub, target, prorationDate);
    const due = Math.max(0, preview.totalPence);
    return {
      amount_due_today: pounds(due),
      amount_due_today_pence: due,
      new_price_monthly: pounds(newPrice),
      new_price_monthly_pence: newPrice,
      credit_pence: Math.max(0, -preview.totalPence),
      ...common,
      lines: preview.lines.map((l) => ({
        description: l.description,
        amount_pence: l.amountPence,
      })),
    };
  }
  if (input.plan_type) {
    const q = planChangeQuote(
      sub,
      input.plan_type,
      await countLocations(deps.db, sub.organization_id),
      at,
    );
    return {
      amount_due_today: pounds(q.due),
      amount_due_today_pence: q.due,
      new_price_monthly: pounds(q.newPrice),
      new_price_monthly_pence: q.newPrice,
      credit_pence: q.credit,
      ...common,
      lines: [
        {
          description: `Prorated change to the ${PLANS[input.plan_type].name} plan`,
          amount_pence: q.due,
        },
      ],
    };
  }
  const due = addLocationsQuote(sub, n, at);
  return {
    amount_due_today: pounds(due),
    amount_due_today_pence: due,
    new_price_monthly: pounds(newPrice),
    new_price_monthly_pence: newPrice,
    credit_pence: 0,
    ...common,
    lines: [
      {
        description: `${n} additional location${n === 1 ? '' : 's'} (prorated)`,
        amount_pence: due,
      },
    ],
  };
}

/** Charges a prorated amount now, records the invoice, then applies `apply` in the same transaction. */
export async function chargeNowAndApply(
  deps: AppDeps,
  sub: SubscriptionRow,
  amount: number,
  description: string,
  lineText: string,
  key: string,
  target: { plan: PlanId; venues: number },
  apply: (trx: Db) => Promise<void>,
  prorationDate?: number,
) {
  if (isStripeManaged(deps, sub)) {
    // Stripe prorates and invoices the difference today (always_invoice), at the quoted moment.
    await updateStripeSubscription(
      deps,
      sub,
      {
        ...target,
        prorationBehavior: 'always_invoice',
        prorationDate,
        idempotencyKey: key,
        description,
      },
      apply,
    );
    return;
  }
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
  input: {
    organization_uuid: string;
    plan_type: PlanId;
    proration_date?: number;
    idempotency_key?: string;
  },
): Promise<SubscriptionOutput> {
  const { org, sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  assertChangeable(sub);
  if (sub.plan_type === input.plan_type) throw new AppError('CONFLICT', BILLING_TEXTS.samePlan);
  const now = deps.clock.now();
  // The quoted moment (proration_date) when given: the charge equals the quote.
  const at = prorationTime(sub, now, input.proration_date);
  const q = planChangeQuote(sub, input.plan_type, await countLocations(deps.db, org.id), at);
  const name = PLANS[input.plan_type].name;
  await chargeNowAndApply(
    deps,
    sub,
    q.due,
    `Plan change to ${name} (prorated)`,
    `Prorated difference to the ${name} plan until ${new Date(sub.current_period_end).toISOString().slice(0, 10)}`,
    input.idempotency_key ?? `plan:${sub.uuid}:${now.getTime()}`,
    { plan: input.plan_type, venues: q.venues },
    async (trx) => {
      await changeSubscription(deps, req, owner, trx, sub.id, {
        set: {
          plan_type: input.plan_type,
          additional_venues: q.venues,
          credit_pence: sql<number>`credit_pence + ${q.credit}`,
          updated_at: now,
        },
        description: `Changed the plan of "${org.name}" to ${name}`,
      });
    },
    input.proration_date,
  );
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
  // Stripe: cancel_at_period_end; the service ends when Stripe's current period does.
  const inStripe = isStripeManaged(deps, sub) ? await cancelStripeSubscription(deps, sub) : null;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await changeSubscription(deps, req, owner, trx, sub.id, {
      set: {
        status: 'cancelled',
        cancelled_at: now,
        service_ends_at: inStripe?.periodEnd ?? sub.current_period_end,
        ...(inStripe ? { provider_status: inStripe.status } : {}),
        updated_at: now,
      },
      description: `Cancelled the subscription of "${org.name}"`,
      action: 'subscription.cancelled',
      severity: 'medium',
    });
  });
  return toOutput(deps, (await findSubscription(deps.db, org.id))!, org.uuid);
}
