import { randomBytes } from 'node:crypto';
import { createStripePaymentProvider } from './stripe-provider';
import type { PaymentProvider } from './types';

export {
  PaymentDeclinedError,
  type ChargeKind,
  type ChargeResult,
  type PaymentMethodRow,
  type PaymentProvider,
} from './types';

/** Test-mode behaviours keyed by the published test card numbers and IBANs. */
export const TEST_CARDS: Record<string, { brand: string; behaviour: TestBehaviour }> = {
  '4242424242424242': { brand: 'visa', behaviour: 'ok' },
  '4000000000000002': { brand: 'visa', behaviour: 'decline' },
  '4000000000009995': { brand: 'visa', behaviour: 'insufficient' },
  '4000000000000341': { brand: 'visa', behaviour: 'renewal_fails' },
};
export const TEST_IBANS: Record<string, TestBehaviour> = {
  DE89370400440532013000: 'sepa_ok',
  AT861904300235473202: 'sepa_fail',
};
export type TestBehaviour =
  'ok' | 'decline' | 'insufficient' | 'renewal_fails' | 'sepa_ok' | 'sepa_fail';

export const TEST_TEXTS = {
  declined: 'Your card was declined.',
  insufficient: 'Your card has insufficient funds.',
  sepaFailed: 'The direct debit was refused by the bank.',
  testOnly: 'Test mode accepts test card numbers only',
};

/** The built-in provider: every behaviour simulated from the test number, nothing leaves the box. */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    publishableKey: null,
    async charge({ paymentMethod, kind }) {
      const id = `in_test_${randomBytes(8).toString('hex')}`;
      switch (paymentMethod.test_behaviour as TestBehaviour | null) {
        case 'ok':
          return { ok: true, status: 'paid', providerInvoiceId: id };
        case 'decline':
          return { ok: false, message: TEST_TEXTS.declined };
        case 'insufficient':
          return { ok: false, message: TEST_TEXTS.insufficient };
        case 'renewal_fails':
          return kind === 'renewal' || kind === 'retry'
            ? { ok: false, message: TEST_TEXTS.declined }
            : { ok: true, status: 'paid', providerInvoiceId: id };
        case 'sepa_ok':
        case 'sepa_fail':
          return { ok: true, status: 'pending', providerInvoiceId: id };
        default:
          return { ok: false, message: TEST_TEXTS.declined };
      }
    },
    async createSetupIntent() {
      return { clientSecret: `seti_test_${randomBytes(12).toString('hex')}_secret_test` };
    },
    async resolvePaymentMethod() {
      return null;
    },
    subscriptions: null,
  };
}

/** Stripe when its secret key is configured (SDK pointed at STRIPE_API_BASE when set), else test mode. */
export function createPaymentProvider(
  stripeSecretKey: string | undefined,
  publishableKey?: string,
  apiBase?: string,
): PaymentProvider {
  if (!stripeSecretKey) return createTestPaymentProvider();
  return createStripePaymentProvider({ secretKey: stripeSecretKey, publishableKey, apiBase });
}
