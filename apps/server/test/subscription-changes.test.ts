import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { giveActiveSubscription } from '../src/testing/billing-fixtures';
import { useSubscriptionHarness } from '../src/testing/subscription-helpers';

/** Changing a subscription in test mode: locations added and removed, the plan, and the deploy gate. */
let h: TestHarness;
const { newOwner, subscribedOwner, orgId, addInstances, invoices, changeSubscription } =
  useSubscriptionHarness((made) => (h = made));

describe('locations and plan changes', () => {
  it('adds locations with a prorated charge today and previews it first', async () => {
    const { token, orgUuid } = await subscribedOwner({ daysIn: 15 });
    const preview = await h.rest('GET', '/subscription/preview', {
      token,
      query: { organization_uuid: orgUuid, additional_locations: '2' },
    });
    expect(preview.status).toBe(200);
    const due = preview.body.data.amount_due_today_pence as number;
    expect(due).toBeGreaterThan(0);
    expect(due).toBeLessThan(10_000);
    const res = await changeSubscription(token, orgUuid, 'add-locations', {
      additional_locations: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.location_limit).toBe(3);
    expect(res.body.data.price_monthly_pence).toBe(30_000);
    const history = await invoices(orgUuid, token);
    expect(history[0].amount_pence).toBe(due);
    expect(
      (await changeSubscription(token, orgUuid, 'add-locations', { additional_locations: 21 }))
        .status,
    ).toBe(422);
    expect(
      (await changeSubscription(token, orgUuid, 'add-locations', { additional_locations: 0 }))
        .status,
    ).toBe(422);
  });

  it('removes only unused locations: at most min(10, limit − max(current, 1))', async () => {
    const { token, orgUuid } = await subscribedOwner({ planType: 'basic', additionalVenues: 15 });
    await addInstances(orgUuid, 8);
    // limit 16, current 8 → at most 8
    const tooMany = await changeSubscription(token, orgUuid, 'remove-locations', {
      locations_to_remove: 9,
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.message).toBe('You can remove at most 8 locations.');
    const ok = await changeSubscription(token, orgUuid, 'remove-locations', {
      locations_to_remove: 8,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.location_limit).toBe(8);
    const none = await changeSubscription(token, orgUuid, 'remove-locations', {
      locations_to_remove: 1,
    });
    expect(none.status).toBe(422);
    // No refund for the current period.
    expect(await invoices(orgUuid, token)).toHaveLength(1);
  });

  it('changes plan immediately with a prorated charge', async () => {
    const { token, orgUuid } = await subscribedOwner();
    const preview = await h.rest('GET', '/subscription/preview', {
      token,
      query: { organization_uuid: orgUuid, plan_type: 'unlimited' },
    });
    const res = await changeSubscription(token, orgUuid, 'plan', { plan_type: 'unlimited' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      plan_type: 'unlimited',
      location_limit: -1,
      price_monthly: 1200,
    });
    const history = await invoices(orgUuid, token);
    expect(history).toHaveLength(2);
    expect(history[0].amount_pence).toBe(preview.body.data.amount_due_today_pence);
    expect(history[0].amount_pence).toBeLessThanOrEqual(100_000);
  });
});

describe('deploy gate', () => {
  it('needs a live subscription with a free location', async () => {
    const { token, orgUuid } = await newOwner();
    const id = (await orgId(orgUuid)).id;
    await expect(billingServiceDeploy(id)).rejects.toMatchObject({ appCode: 'CONFLICT' });
    await giveActiveSubscription(h, token, orgUuid);
    await expect(billingServiceDeploy(id)).resolves.toBeUndefined();
    await addInstances(orgUuid, 1);
    await expect(billingServiceDeploy(id)).rejects.toThrow(/Subscription page/);
  });
});

async function billingServiceDeploy(organizationId: number) {
  const { assertDeployAllowed } = await import('../../../packages/api/src/domain/billing/seams');
  return assertDeployAllowed(h.deps, organizationId);
}
