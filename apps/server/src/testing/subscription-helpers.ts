import { expect } from 'vitest';
import { giveActiveSubscription } from './billing-fixtures';
import { createHarness, type TestHarness } from './harness';
import { createOrganization } from './organization-rows';
import { useHarness } from './use-harness';

export const SUBSCRIPTION_WEBHOOK_SECRET = 'whsec_test_secret';

/** The harness of the subscription tests: test mode, with a webhook secret for signed events. */
export function createSubscriptionHarness(): Promise<TestHarness> {
  return createHarness(SUBSCRIPTION_HARNESS_CONFIG);
}

const SUBSCRIPTION_HARNESS_CONFIG = {
  stripe: {
    secretKey: undefined,
    publishableKey: undefined,
    webhookSecret: SUBSCRIPTION_WEBHOOK_SECRET,
    apiBase: undefined,
  },
};

/** Owners, organizations, instances and invoices for the subscription tests (`harness()` is read at call time). */
export function subscriptionHelpers(harness: () => TestHarness) {
  async function newOwner() {
    const h = harness();
    const user = await h.createUser();
    const name = `Org ${Math.random().toString(36).slice(2, 8)}`;
    const { uuid } = await createOrganization(h, user.token, { name, type: 'school' });
    return { user, token: user.token, orgUuid: uuid };
  }

  /**
   * A new owner (as newOwner) whose organization holds an active test-mode subscription (basic, no
   * extra venue, unless asked), the test clock then `daysIn` days into its first period.
   */
  async function subscribedOwner(
    options: { planType?: 'basic' | 'unlimited'; additionalVenues?: number; daysIn?: number } = {},
  ) {
    const h = harness();
    const owner = await newOwner();
    await giveActiveSubscription(
      h,
      owner.token,
      owner.orgUuid,
      options.planType,
      options.additionalVenues,
    );
    h.clock.advance((options.daysIn ?? 0) * 86_400_000);
    return owner;
  }

  async function orgId(uuid: string) {
    const h = harness();
    return await h.db
      .selectFrom('organizations')
      .select(['id', 'status'])
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
  }

  async function addInstances(uuid: string, n: number) {
    const h = harness();
    const org = await h.db
      .selectFrom('organizations')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < n; i += 1) {
      const prefix = `site${i}-${Math.random().toString(36).slice(2, 7)}`;
      await h.db
        .insertInto('instances')
        .values({
          organization_id: org.id,
          owner_id: org.owner_id,
          name: prefix,
          prefix,
          host: `${prefix}.instances.localhost`,
          status: 'active',
          ssl_status: 'active',
          custom_domain: null,
          provisioned_at: h.clock.now(),
          last_health_check: null,
          last_health_status: null,
          terminated_at: null,
        })
        .execute();
    }
  }

  async function invoices(uuid: string, token: string) {
    const h = harness();
    const res = await h.rest('GET', '/subscription/billing-history', {
      token,
      query: { organization_uuid: uuid },
    });
    expect(res.status).toBe(200);
    return res.body.data as any[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  }

  /** The organization's subscription as `token` reads it (GET /subscription). */
  async function subscriptionOf(uuid: string, token: string) {
    const res = await harness().rest('GET', '/subscription', {
      token,
      query: { organization_uuid: uuid },
    });
    return res.body.data;
  }

  /** PATCH /subscription/{change} for the organization, with `fields` besides its uuid. */
  const changeSubscription = (
    token: string,
    uuid: string,
    change: 'add-locations' | 'remove-locations' | 'plan' | 'cancel',
    fields: Record<string, unknown> = {},
  ) =>
    harness().rest('PATCH', `/subscription/${change}`, {
      token,
      body: { organization_uuid: uuid, ...fields },
    });

  return {
    newOwner,
    subscribedOwner,
    orgId,
    addInstances,
    invoices,
    subscriptionOf,
    changeSubscription,
  };
}

/**
 * The subscription tests' file setup: one subscription harness for the whole file (handed to
 * `keep`, closed after the file), and the helpers above bound to it.
 */
export function useSubscriptionHarness(keep: (h: TestHarness) => unknown) {
  let h: TestHarness | undefined;
  useHarness(
    (made) => {
      h = made;
      keep(made);
    },
    { config: SUBSCRIPTION_HARNESS_CONFIG },
  );
  return subscriptionHelpers(() => h!);
}
