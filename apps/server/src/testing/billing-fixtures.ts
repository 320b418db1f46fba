import { sql } from 'kysely';
import { expect } from 'vitest';
import { runDueJobs } from '@scmp/api';
import type { ServerConfig } from '../config';
import type { Json, TestHarness } from './harness';
import { createOrganization } from './organization-rows';
import type { StripeStub } from './stripe-stub';
import { subscriptionBody, testBillingDetails } from './test-subscription';

export const TEST_BILLING_DETAILS = testBillingDetails();

/**
 * Gives an organization a live subscription straight in the database (unlimited plan), as the
 * billing area would after a successful payment: deploying requires one.
 */
export async function insertLiveSubscription(
  h: TestHarness,
  organizationUuid: string,
  status = 'active',
) {
  const now = h.clock.now();
  const end = new Date(now.getTime() + 30 * 86_400_000);
  await sql`
    INSERT INTO subscriptions (organization_id, owner_id, provider, plan_type, status,
      current_period_start, current_period_end, billing_details)
    SELECT id, owner_id, 'test', 'unlimited', ${status}, ${now}, ${end}, '{}'::jsonb
    FROM organizations WHERE uuid = ${organizationUuid}
    ON CONFLICT (organization_id) DO UPDATE SET status = EXCLUDED.status`.execute(h.db);
}

/**
 * An `invoices` row for a direct insert: GBP, the test billing details, no provider links,
 * period or failure; `row` gives the rest (and may override any of these).
 */
export function testInvoiceRow<T extends object>(row: T) {
  return {
    currency: 'GBP',
    provider_invoice_id: null,
    hosted_url: null,
    pdf_url: null,
    billing_details: JSON.stringify(TEST_BILLING_DETAILS),
    period_start: null,
    period_end: null,
    next_attempt_at: null,
    failure_message: null,
    ...row,
  };
}

/** Creates a test-mode payment method (default: the 4242 card that always succeeds). */
export async function createTestCard(
  h: TestHarness,
  token: string,
  number = '4242424242424242',
): Promise<string> {
  const res = await h.rest('POST', '/payments/test/payment-methods', {
    token,
    body: {
      type: 'card',
      number,
      exp_month: 12,
      exp_year: h.clock.now().getUTCFullYear() + 2,
      cvc: '123',
    },
  });
  if (res.status !== 201) throw new Error(`test card failed: ${res.status} ${res.text}`);
  return res.body.data.id as string;
}

/**
 * POST /subscription as `token` for the organization, paying with `paymentMethodId`: by card, the
 * basic plan with no extra venue and the test billing details, unless `body` says otherwise.
 * Returns the answer unchecked.
 */
export function postSubscription(
  h: TestHarness,
  token: string,
  orgUuid: string,
  paymentMethodId: string,
  body: Json = {},
) {
  return h.rest('POST', '/subscription', {
    token,
    body: subscriptionBody(orgUuid, paymentMethodId, body),
  });
}

/**
 * POST /subscription as `token` for the organization, paying with a new test card (`card`, by
 * default the 4242 one that always succeeds); `body` as for postSubscription. Returns the answer
 * unchecked.
 */
export async function subscribeByCard(
  h: TestHarness,
  token: string,
  orgUuid: string,
  body: Json = {},
  card?: string,
) {
  return await postSubscription(h, token, orgUuid, await createTestCard(h, token, card), body);
}

/**
 * Subscribes an organization through the real API in test mode (card 4242…), so the
 * organization is active and can deploy instances. Returns the subscription (`data`).
 */
export async function giveActiveSubscription(
  h: TestHarness,
  ownerToken: string,
  orgUuid: string,
  planType: 'basic' | 'unlimited' = 'basic',
  additionalVenues = 0,
): Promise<Json> {
  const res = await subscribeByCard(h, ownerToken, orgUuid, {
    plan_type: planType,
    additional_venues: additionalVenues,
  });
  if (res.status !== 201) throw new Error(`subscribe failed: ${res.status} ${res.text}`);
  return res.body.data;
}

export const STUB_WEBHOOK_SECRET = 'whsec_stub';

/** Stripe mode on a harness: the SDK talks to the local stub, whose clock is the harness's. */
export async function createStripeHarness(
  stub: StripeStub,
  create: (overrides: Partial<ServerConfig>) => Promise<TestHarness>,
): Promise<TestHarness> {
  const h = await create({
    stripe: {
      secretKey: 'sk_test_stub',
      publishableKey: 'pk_test_stub',
      webhookSecret: STUB_WEBHOOK_SECRET,
      apiBase: stub.url,
    },
  });
  stub.setClock(() => h.clock.now());
  return h;
}

/** A payment method id the stub understands, as Stripe Elements would create in the browser. */
export function stubPaymentMethod(kind: 'ok' | 'decline' | 'sepa' | 'renewal_fails'): string {
  const prefix = {
    ok: 'pm_card_ok',
    decline: 'pm_card_declined',
    sepa: 'pm_sepa_ok',
    renewal_fails: 'pm_card_renewal_fails',
  }[kind];
  return `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * Creates an organization as `token` (201 expected) and subscribes it in test mode (card 4242…),
 * so it may deploy instances. Answers its uuid.
 */
export async function subscribedOrganization(
  h: TestHarness,
  token: string,
  organization: { name: string; subdomain: string },
): Promise<string> {
  const { uuid } = await createOrganization(h, token, { type: 'school', ...organization });
  await giveActiveSubscription(h, token, uuid);
  return uuid;
}

/**
 * A new subscribed organization of `token`'s (as subscribedOrganization) with its instance "Main"
 * (prefix main) deployed and the provisioning jobs run. Answers the instance as the deploy did.
 */
export async function deployedInstance(
  h: TestHarness,
  token: string,
  organization: { name: string; subdomain: string },
): Promise<Json> {
  const orgUuid = await subscribedOrganization(h, token, organization);
  const res = await h.rest('POST', '/instances', {
    token,
    body: { organization_uuid: orgUuid, name: 'Main', subdomain: 'main' },
  });
  expect(res.status, res.text).toBe(201);
  while ((await runDueJobs(h.deps)) > 0);
  return res.body.data;
}
