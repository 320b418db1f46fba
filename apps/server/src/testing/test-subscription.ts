/**
 * What the tests subscribe with in test mode: the card, the billing details and the body of
 * POST /subscription. No imports, so the browser tests (apps/web/e2e) use it as the API tests do.
 */

/** The 4242 test card (it always succeeds), as POST /payments/test/payment-methods takes it. */
export const TEST_CARD = {
  type: 'card',
  number: '4242424242424242',
  exp_month: 12,
  exp_year: 2040,
  cvc: '123',
} as const;

/** Billing details at the test address, in the name of `name` at `email`. */
export function testBillingDetails(name = 'Ada Owner', email = 'billing@example.com') {
  return {
    name,
    email,
    address: {
      line1: '1 High Street',
      line2: '',
      city: 'London',
      postal_code: 'EC1A 1AA',
      country: 'GB',
    },
  };
}

export type SubscriptionBody = {
  organization_uuid: string;
  plan_type: 'basic' | 'unlimited';
  additional_venues: number;
  payment_method_id: string;
  payment_type: 'card';
  billing_details: ReturnType<typeof testBillingDetails>;
};

/**
 * The body of POST /subscription for the organization, paying with `paymentMethodId` by card: the
 * basic plan with no extra venue and the test billing details, unless `overrides` says otherwise.
 */
export function subscriptionBody<T extends object = object>(
  organizationUuid: string,
  paymentMethodId: string,
  overrides?: T,
): SubscriptionBody & T {
  return {
    organization_uuid: organizationUuid,
    plan_type: 'basic',
    additional_venues: 0,
    payment_method_id: paymentMethodId,
    payment_type: 'card',
    billing_details: testBillingDetails(),
    ...(overrides as T),
  };
}
