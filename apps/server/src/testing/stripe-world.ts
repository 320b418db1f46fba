import { afterAll, beforeAll, expect } from 'vitest';
import { createStripeHarness, postSubscription } from './billing-fixtures';
import { createHarness, type TestHarness } from './harness';
import { startStripeStub, type StripeStub } from './stripe-stub';
import { subscriptionHelpers } from './subscription-helpers';

type Owner = { token: string; orgUuid: string };

/** The Stripe-mode test file's server and stub (set before its tests run). */
export let h: TestHarness;
export let stub: StripeStub;

/**
 * The Stripe-mode tests' file setup: the local Stripe stub and one server billing through it
 * (`h` and `stub` above, both closed after the file), the subscription helpers bound to that
 * server, and what the tests read back from the stub.
 */
export function useStripeWorld() {
  beforeAll(async () => {
    stub = await startStripeStub();
    h = await createStripeHarness(stub, createHarness);
  });
  afterAll(async () => {
    await h.close();
    await stub.close();
  });

  /** Subscribes the owner's organization with `pm` (two additional venues unless `extra` says otherwise). */
  async function subscribe(o: Owner, pm: string, extra: Record<string, unknown> = {}) {
    const res = await postSubscription(h, o.token, o.orgUuid, pm, {
      additional_venues: 2,
      ...extra,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data;
  }

  /** The organization's subscription in the stub. */
  const stripeSubOf = (orgUuid: string) =>
    [...stub.state.subscriptions.values()].find((s) => s.metadata.organization_uuid === orgUuid)!;

  /** A direct-debit setup intent made through the API, as the stub holds it. */
  async function setupIntent(o: Owner) {
    const res = await h.rest('POST', '/subscription/setup-intent', {
      token: o.token,
      body: { organization_uuid: o.orgUuid, payment_type: 'direct_debit' },
    });
    const secret = res.body.data.client_secret as string;
    return [...stub.state.setupIntents.values()].find((s) => s.client_secret === secret)!;
  }

  return { ...subscriptionHelpers(() => h), subscribe, stripeSubOf, setupIntent };
}
