/**
 * The payment provider seam (Stripe or the built-in test mode). The billing area defines its
 * operations here; deps.payments holds the configured implementation.
 */
export type PaymentProvider = {
  readonly name: 'stripe' | 'test';
};

export function createPaymentProvider(stripeSecretKey: string | undefined): PaymentProvider {
  return { name: stripeSecretKey ? 'stripe' : 'test' };
}
