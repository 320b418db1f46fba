import { describe, expect, it } from 'vitest';
import { createOrganization } from '../src/testing/organization-rows';
import { stubPaymentMethod, postSubscription } from '../src/testing/billing-fixtures';
import { h, stub, useStripeWorld } from '../src/testing/stripe-world';

/**
 * Closing an organization in Stripe mode (issue 38): the subscription is cancelled in Stripe
 * itself (cancel_at_period_end on the stub), so Stripe charges nothing more; the current period
 * runs out (not refunded) and the service end is Stripe's period end.
 */
const { stripeSubOf, subscriptionOf } = useStripeWorld();

describe('closing an organization with a Stripe subscription', () => {
  it('cancels the subscription in Stripe at the end of the paid period', async () => {
    const user = await h.createUser();
    const { uuid: orgUuid } = await createOrganization(h, user.token, {
      name: 'Stripe Closing School',
      type: 'school',
    });
    const subscribed = await postSubscription(h, user.token, orgUuid, stubPaymentMethod('ok'));
    expect(subscribed.status, subscribed.text).toBe(201);
    const stripeSub = stripeSubOf(orgUuid);
    expect(stripeSub.cancel_at_period_end).toBe(false);

    const closed = await h.rest('DELETE', `/organizations/${orgUuid}`, { token: user.token });
    expect(closed.status, closed.text).toBe(200);
    expect(closed.body.data.status).toBe('closing');
    expect(stripeSub.cancel_at_period_end).toBe(true);
    const sub = await subscriptionOf(orgUuid, user.token);
    expect(sub.status).toBe('cancelled');
    expect(sub.service_ends_at).toBe(new Date(stripeSub.end * 1000).toISOString());
    expect(stub.unkeyedPosts).toEqual([]);
  });
});
