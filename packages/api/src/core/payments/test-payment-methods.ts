import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../app-deps';
import { AppError } from '../errors';
import { TEST_CARDS, TEST_IBANS, TEST_TEXTS } from './provider';

export type TestPaymentMethodInput = {
  type: 'card' | 'sepa_debit';
  number?: string;
  exp_month?: number;
  exp_year?: number;
  cvc?: string;
  iban?: string;
  name?: string;
  email?: string;
};

function invalid(field: string, text: string): AppError {
  return new AppError('VALIDATION_ERROR', text, { errors: { [field]: [text] } });
}

/**
 * Test mode only: the published Stripe test cards and IBANs become payment methods; only the
 * brand and the last four digits are stored (never the number). 404 when Stripe is the provider.
 */
export async function createTestPaymentMethod(
  deps: AppDeps,
  userId: number,
  input: TestPaymentMethodInput,
) {
  if (deps.payments.name !== 'test') throw new AppError('NOT_FOUND', 'Not found');
  let brand: string;
  let last4: string;
  let behaviour: string;
  if (input.type === 'card') {
    const number = (input.number ?? '').replace(/[\s-]/g, '');
    const card = TEST_CARDS[number];
    if (!card) throw invalid('number', TEST_TEXTS.testOnly);
    const now = deps.clock.now();
    const month = input.exp_month ?? 0;
    const year = (input.exp_year ?? 0) < 100 ? 2000 + (input.exp_year ?? 0) : (input.exp_year ?? 0);
    if (month < 1 || month > 12)
      throw invalid('exp_month', 'Your card’s expiration month is invalid.');
    if (
      year < now.getUTCFullYear() ||
      (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
    ) {
      throw invalid('exp_year', 'Your card’s expiration year is invalid.');
    }
    if (!/^\d{3,4}$/.test(input.cvc ?? ''))
      throw invalid('cvc', 'Your card’s security code is invalid.');
    brand = card.brand;
    last4 = number.slice(-4);
    behaviour = card.behaviour;
  } else {
    const iban = (input.iban ?? '').replace(/\s/g, '').toUpperCase();
    const found = TEST_IBANS[iban];
    if (!found) throw invalid('iban', TEST_TEXTS.testOnly);
    if (!input.name?.trim()) throw invalid('name', 'Full name is required');
    brand = 'sepa_debit';
    last4 = iban.slice(-4);
    behaviour = found;
  }
  const row = await deps.db
    .insertInto('payment_methods')
    .values({
      provider_id: `pm_test_${randomBytes(12).toString('hex')}`,
      user_id: userId,
      type: input.type,
      brand,
      last4,
      test_behaviour: behaviour,
      created_at: deps.clock.now(),
    })
    .returning(['provider_id', 'type', 'brand', 'last4'])
    .executeTakeFirstOrThrow();
  return { id: row.provider_id, type: row.type, brand: row.brand, last4: row.last4 };
}
