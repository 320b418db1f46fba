import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { recordActivity } from '../activity';
import type {
  ProviderInvoice,
  ProviderSetupIntent,
  ProviderSubscription,
  SubscriptionGateway,
} from '../../core/payments/subscription-gateway';
import { markPastDue } from './service-state';
import type { Db } from './shared';
import { applyProviderSubscription, mirrorInvoice } from './stripe-sync';

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

type StripeEvent = {
  id: string;
  type: string;
  created?: number;
  data: { object: Record<string, unknown> };
};

/** What Stripe says now about the event's object (read back before anything is applied). */
type CurrentState =
  | { kind: 'invoice'; invoice: ProviderInvoice; subscription: ProviderSubscription | null }
  | { kind: 'subscription'; subscription: ProviderSubscription }
  | {
      kind: 'setup_intent';
      setupIntent: ProviderSetupIntent;
      method: { type: 'card' | 'sepa_debit'; brand: string; last4: string } | null;
    };

async function readCurrentState(
  deps: AppDeps,
  gateway: SubscriptionGateway,
  event: StripeEvent,
): Promise<CurrentState | null> {
  const id = typeof event.data.object.id === 'string' ? event.data.object.id : '';
  if (!id) return null;
  if (event.type.startsWith('invoice.')) {
    const invoice = await gateway.retrieveInvoice(id);
    if (!invoice?.subscriptionId) return null;
    const subscription = await gateway.retrieveSubscription(invoice.subscriptionId);
    return { kind: 'invoice', invoice, subscription };
  }
  if (event.type.startsWith('customer.subscription.')) {
    const subscription = await gateway.retrieveSubscription(id);
    return subscription ? { kind: 'subscription', subscription } : null;
  }
  if (event.type.startsWith('setup_intent.')) {
    const setupIntent = await gateway.retrieveSetupIntent(id);
    if (!setupIntent) return null;
    const method =
      setupIntent.status === 'succeeded' && setupIntent.paymentMethodId
        ? await deps.payments.resolvePaymentMethod(setupIntent.paymentMethodId)
        : null;
    return { kind: 'setup_intent', setupIntent, method };
  }
  return null;
}

async function subscriptionByProviderId(db: Db, id: string) {
  return db
    .selectFrom('subscriptions')
    .selectAll()
    .where('provider_subscription_id', '=', id)
    .executeTakeFirst();
}

/** A confirmed SEPA mandate becomes a usable payment method of the organization's owner. */
async function applySetupIntent(
  deps: AppDeps,
  db: Db,
  state: Extract<CurrentState, { kind: 'setup_intent' }>,
  now: Date,
) {
  const { setupIntent: si, method } = state;
  if (!si.organizationUuid) return;
  const org = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'owner_id'])
    .where('uuid', '=', si.organizationUuid)
    .executeTakeFirst();
  if (!org) return;
  if (si.status === 'succeeded' && si.paymentMethodId && method) {
    await db
      .insertInto('payment_methods')
      .values({
        provider_id: si.paymentMethodId,
        user_id: org.owner_id,
        ...method,
        test_behaviour: null,
        created_at: now,
      })
      .onConflict((oc) => oc.column('provider_id').doNothing())
      .execute();
    await recordActivity(
      deps,
      null,
      {
        userId: org.owner_id,
        type: 'settings',
        action: 'subscription.mandate_confirmed',
        description: `Direct debit mandate confirmed for "${org.name}"`,
        severity: 'info',
      },
      db,
    );
  } else if (si.status === 'requires_payment_method' || si.status === 'canceled') {
    await recordActivity(
      deps,
      null,
      {
        userId: org.owner_id,
        type: 'settings',
        action: 'subscription.mandate_failed',
        description: `Direct debit setup failed for "${org.name}"${si.failureMessage ? `: ${si.failureMessage}` : ''}`,
        severity: 'high',
      },
      db,
    );
  }
}

async function applyCurrentState(deps: AppDeps, db: Db, state: CurrentState, now: Date) {
  if (state.kind === 'setup_intent') return applySetupIntent(deps, db, state, now);
  const providerId =
    state.kind === 'invoice' ? state.invoice.subscriptionId! : state.subscription.id;
  let sub = await subscriptionByProviderId(db, providerId);
  if (!sub) return;
  if (state.kind === 'invoice') {
    await mirrorInvoice(db, sub, state.invoice, now);
    if (state.invoice.status === 'failed') {
      await markPastDue(deps, db, sub, now, 'Payment failed.');
      sub = (await subscriptionByProviderId(db, providerId))!;
    }
  }
  if (state.subscription) await applyProviderSubscription(deps, db, sub, state.subscription, now);
}

/**
 * POST /api/v1/webhooks/stripe: signature checked over the raw body, each event id processed
 * once (the billing_events row is written in the same transaction as its effect), and safe out
 * of order: the object is read back from Stripe and its current state applied, never the
 * event's copy. Handles invoice.*, customer.subscription.* and setup_intent.* events.
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
  const seen = await deps.db
    .selectFrom('billing_events')
    .select('id')
    .where('provider', '=', 'stripe')
    .where('event_id', '=', event.id)
    .executeTakeFirst();
  if (seen) return { received: true, duplicate: true };
  // Read back before the transaction: no network call while a connection is held.
  const gateway = deps.payments.subscriptions;
  const state = gateway ? await readCurrentState(deps, gateway, event) : null;
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('billing_events')
      .values({ provider: 'stripe', event_id: event.id, type: event.type, created_at: now })
      .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { received: true as const, duplicate: true };
    if (state) await applyCurrentState(deps, trx, state, now);
    return { received: true as const, duplicate: false };
  });
}
