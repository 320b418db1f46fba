import { sql } from 'kysely';
import { PLANS } from '../../contracts/plans';
import type { AppDeps } from '../../core/app-deps';
import { charge, enqueueSepaSettle, insertInvoice, paymentMethodOf, planLines } from './invoices';
import { markPastDue, markRecovered, suspendService } from './service-state';
import {
  BILLING_TEXTS,
  RETRY_EVERY_MS,
  type SubscriptionRow,
  addMonth,
  subscriptionById,
  updateSubscription,
} from './shared';

/** The worker side of billing: renewals at period end, retries and dunning, SEPA settlement. */

export async function retryFailedInvoices(deps: AppDeps, subscriptionId: number, force: boolean) {
  const now = deps.clock.now();
  let q = deps.db
    .selectFrom('invoices')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'failed');
  if (!force) q = q.where('next_attempt_at', '<=', now);
  const invoices = await q.orderBy('id').execute();
  for (const invoice of invoices) {
    const sub = await subscriptionById(deps.db, subscriptionId);
    const pm = await paymentMethodOf(deps.db, sub).catch(() => null);
    if (!pm) continue;
    const result = await charge(
      deps,
      pm,
      invoice.total_pence,
      'retry',
      `retry:${invoice.uuid}:${invoice.attempt_count + 1}`,
      invoice.description,
    );
    await deps.db.transaction().execute(async (trx) => {
      if (result.ok) {
        await trx
          .updateTable('invoices')
          .set({
            status: result.status,
            paid_at: result.status === 'paid' ? now : null,
            attempt_count: sql<number>`attempt_count + 1`,
            next_attempt_at: null,
            failure_message: null,
          })
          .where('id', '=', invoice.id)
          .execute();
        if (result.status === 'pending') await enqueueSepaSettle(trx, now, invoice.id);
        else await markRecovered(trx, sub, now);
      } else {
        await trx
          .updateTable('invoices')
          .set({
            attempt_count: sql<number>`attempt_count + 1`,
            next_attempt_at: new Date(now.getTime() + RETRY_EVERY_MS),
            failure_message: result.message,
          })
          .where('id', '=', invoice.id)
          .execute();
      }
    });
  }
}

async function renew(deps: AppDeps, sub: SubscriptionRow) {
  const now = deps.clock.now();
  const start = new Date(sub.current_period_end);
  const end = addMonth(start);
  const lines = planLines(sub.plan_type, sub.additional_venues);
  const gross = lines.reduce((s, l) => s + l.quantity * l.unit, 0);
  const credit = Math.min(sub.credit_pence, gross);
  if (credit > 0)
    lines.push({ description: 'Credit from plan change', quantity: 1, unit: -credit });
  const total = gross - credit;
  const pm = await paymentMethodOf(deps.db, sub).catch(() => null);
  const result = pm
    ? await charge(
        deps,
        pm,
        total,
        'renewal',
        `renew:${sub.uuid}:${start.toISOString()}`,
        `${PLANS[sub.plan_type].name} plan renewal`,
      )
    : { ok: false as const, message: BILLING_TEXTS.paymentMethodNotFound };
  await deps.db.transaction().execute(async (trx) => {
    // Claim the period first: a concurrent sweep that renewed it already changes nothing.
    const claimed = await trx
      .updateTable('subscriptions')
      .set({
        current_period_start: start,
        current_period_end: end,
        credit_pence: sql<number>`credit_pence - ${credit}`,
        updated_at: now,
      })
      .where('id', '=', sub.id)
      .where('current_period_end', '=', start)
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return;
    const invoice = await insertInvoice(trx, now, sub, {
      description: `${PLANS[sub.plan_type].name} plan — ${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`,
      lines,
      status: result.ok ? result.status : 'failed',
      providerInvoiceId: result.ok ? result.providerInvoiceId : null,
      periodStart: start,
      periodEnd: end,
      failureMessage: result.ok ? null : result.message,
      nextAttemptAt: result.ok ? null : new Date(now.getTime() + RETRY_EVERY_MS),
    });
    if (result.ok && result.status === 'pending') await enqueueSepaSettle(trx, now, invoice.id);
    if (!result.ok) await markPastDue(deps, trx, sub, now, result.message);
  });
}

/**
 * The billing sweep the worker runs: renew subscriptions whose period ended, retry failed
 * invoices, suspend after the grace period, end cancelled subscriptions at service_ends_at.
 */
export async function runBillingSweep(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  // Cancelled subscriptions whose service has ended.
  const ending = await deps.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', '=', 'cancelled')
    .where('service_ends_at', '<=', now)
    .execute();
  for (const sub of ending) await stopService(deps, sub, 'expired', now);
  // Renewals, possibly several periods behind.
  for (let round = 0; round < 24; round += 1) {
    const due = await deps.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('status', 'in', ['active', 'past_due', 'suspended'])
      .where('current_period_end', '<=', now)
      // Stripe renews and retries its own subscriptions; webhooks mirror the outcome.
      .where('provider_subscription_id', 'is', null)
      .execute();
    if (!due.length) break;
    for (const sub of due) await renew(deps, sub);
  }
  // Dunning: retry failed invoices, suspend after the grace period.
  const pastDue = await deps.db
    .selectFrom('subscriptions')
    .selectAll()
    .where('status', 'in', ['past_due', 'suspended'])
    .execute();
  for (const sub of pastDue) {
    if (!sub.provider_subscription_id) await retryFailedInvoices(deps, sub.id, false);
    const fresh = await subscriptionById(deps.db, sub.id);
    if (fresh.status !== 'past_due' || !fresh.past_due_since) continue;
    const graceEnds =
      new Date(fresh.past_due_since).getTime() + deps.config.billing.gracePeriodDays * 86_400_000;
    if (now.getTime() >= graceEnds) await stopService(deps, fresh, 'suspended', now);
  }
}

/** Moves the subscription to `status` and suspends its service, in one transaction. */
async function stopService(
  deps: AppDeps,
  sub: SubscriptionRow,
  status: 'expired' | 'suspended',
  now: Date,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await updateSubscription(trx, sub.id, { status, updated_at: now });
    await suspendService(trx, sub, now);
  });
}

/** The SEPA debit settles: paid (recovering a past-due subscription) or failed (past due). */
export async function settleSepaInvoice(deps: AppDeps, invoiceId: number): Promise<void> {
  const now = deps.clock.now();
  const invoice = await deps.db
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', invoiceId)
    .executeTakeFirst();
  if (!invoice || invoice.status !== 'pending') return;
  const sub = await subscriptionById(deps.db, invoice.subscription_id);
  const pm = await paymentMethodOf(deps.db, sub).catch(() => null);
  const fails = pm?.test_behaviour === 'sepa_fail';
  await deps.db.transaction().execute(async (trx) => {
    const event = await trx
      .insertInto('billing_events')
      .values({
        provider: 'test',
        event_id: `sepa-settle:${invoice.uuid}`,
        type: fails ? 'invoice.payment_failed' : 'invoice.paid',
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!event) return;
    if (fails) {
      await trx
        .updateTable('invoices')
        .set({
          status: 'failed',
          failure_message: 'The direct debit was refused by the bank.',
          next_attempt_at: new Date(now.getTime() + RETRY_EVERY_MS),
        })
        .where('id', '=', invoice.id)
        .execute();
      await markPastDue(deps, trx, sub, now, 'The direct debit was refused by the bank.');
    } else {
      await trx
        .updateTable('invoices')
        .set({ status: 'paid', paid_at: now })
        .where('id', '=', invoice.id)
        .execute();
      await markRecovered(trx, sub, now);
    }
  });
}
