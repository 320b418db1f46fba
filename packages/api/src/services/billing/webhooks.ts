import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { markPastDue, markRecovered, suspendService } from './billing';

export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Verifies a `Stripe-Signature` header (t=…,v1=…) over the raw body, with a 300 s tolerance. */
export function verifyStripeSignature(
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  nowMs: number,
): void {
  const invalid = () => new AppError('BAD_REQUEST', 'Invalid webhook signature.');
  if (!header) throw invalid();
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isFinite(t) || !signatures.length) throw invalid();
  if (Math.abs(nowMs / 1000 - t) > WEBHOOK_TOLERANCE_SECONDS) throw invalid();
  const expected = createHmac('sha256', secret)
    .update(`${t}.${typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8')}`)
    .digest();
  const ok = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw invalid();
}

/** The header Stripe would send, for tests and the local stub. */
export function signStripePayload(
  payload: string,
  secret: string,
  timestampSeconds: number,
): string {
  const sig = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`).digest('hex');
  return `t=${timestampSeconds},v1=${sig}`;
}

/**
 * A charge settled (SEPA) or failed. Events may arrive out of order, so the charge's current
 * state is read back from the provider and that state, not the event's, is applied.
 */
async function applyPaymentIntentEvent(
  deps: AppDeps,
  trx: Kysely<Database>,
  type: string,
  chargeId: string,
  now: Date,
): Promise<void> {
  if (!chargeId) return;
  const invoice = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('provider_invoice_id', '=', chargeId)
    .executeTakeFirst();
  if (!invoice) return;
  const current =
    (await deps.payments.retrieveChargeStatus(chargeId)) ??
    (type === 'payment_intent.succeeded' ? 'paid' : 'failed');
  const sub = await trx
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', invoice.subscription_id)
    .executeTakeFirstOrThrow();
  if (current === 'paid' && invoice.status !== 'paid') {
    await trx
      .updateTable('invoices')
      .set({ status: 'paid', paid_at: now, failure_message: null })
      .where('id', '=', invoice.id)
      .execute();
    await markRecovered(trx, sub, now);
  } else if (current === 'failed' && invoice.status === 'pending') {
    await trx
      .updateTable('invoices')
      .set({
        status: 'failed',
        failure_message: 'Payment failed.',
        next_attempt_at: new Date(now.getTime() + 86_400_000),
      })
      .where('id', '=', invoice.id)
      .execute();
    await markPastDue(deps, trx, sub, now, 'Payment failed.');
  }
}

type StripeEvent = {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
};

/**
 * POST /api/v1/webhooks/stripe: signature checked, each event id processed once (the unique
 * billing_events row is written in the same transaction as its effect).
 */
export async function handleStripeWebhook(
  deps: AppDeps,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<{ received: true; duplicate: boolean }> {
  const secret = deps.config.stripe.webhookSecret;
  if (!secret) throw new AppError('NOT_FOUND', 'Not found');
  verifyStripeSignature(rawBody, signature, secret, deps.clock.now().getTime());
  let event: StripeEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as StripeEvent;
  } catch {
    throw new AppError('BAD_REQUEST', 'Invalid webhook payload.');
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
    throw new AppError('BAD_REQUEST', 'Invalid webhook payload.');
  }
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('billing_events')
      .values({ provider: 'stripe', event_id: event.id, type: event.type, created_at: now })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { received: true as const, duplicate: true };
    const object = event.data.object;
    if (
      event.type === 'payment_intent.succeeded' ||
      event.type === 'payment_intent.payment_failed'
    ) {
      await applyPaymentIntentEvent(deps, trx, event.type, String(object.id ?? ''), now);
      return { received: true as const, duplicate: false };
    }
    const subscriptionId = event.type.startsWith('customer.subscription.')
      ? String(object.id ?? '')
      : String(object.subscription ?? '');
    const sub = subscriptionId
      ? await trx
          .selectFrom('subscriptions')
          .selectAll()
          .where('provider_subscription_id', '=', subscriptionId)
          .executeTakeFirst()
      : undefined;
    if (!sub) return { received: true as const, duplicate: false };
    const invoiceId = typeof object.id === 'string' ? object.id : null;
    switch (event.type) {
      case 'invoice.paid':
      case 'invoice.payment_succeeded':
        if (invoiceId) {
          await trx
            .updateTable('invoices')
            .set({ status: 'paid', paid_at: now })
            .where('provider_invoice_id', '=', invoiceId)
            .execute();
        }
        await markRecovered(trx, sub, now);
        break;
      case 'invoice.payment_failed':
        if (invoiceId) {
          await trx
            .updateTable('invoices')
            .set({ status: 'failed', failure_message: 'Payment failed.' })
            .where('provider_invoice_id', '=', invoiceId)
            .where('status', '!=', 'paid')
            .execute();
        }
        await markPastDue(deps, trx, sub, now, 'Payment failed.');
        break;
      case 'customer.subscription.deleted':
        await trx
          .updateTable('subscriptions')
          .set({ status: 'expired', updated_at: now })
          .where('id', '=', sub.id)
          .execute();
        await suspendService(trx, sub, now);
        break;
      default:
        break;
    }
    return { received: true as const, duplicate: false };
  });
}
