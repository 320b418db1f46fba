import { Alert, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PaymentFormBody } from './PaymentFormBody';
import type { PaymentFormProps } from './payment-types';

// Stripe's code (and Stripe.js from js.stripe.com) is fetched only when Stripe is the provider:
// test mode never contacts Stripe.
const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

export type { PaymentResult } from './payment-types';

/**
 * The embedded payment form: method (card or direct_debit, default card) and billing fields.
 * With Stripe, card and IBAN are Stripe Elements; in test mode the card/IBAN is turned into a
 * payment method by our own test endpoint.
 */
export function PaymentForm(props: PaymentFormProps) {
  if (props.provider === 'stripe') {
    if (!props.publishableKey) {
      return (
        <Alert color="red" role="alert">
          Payment setup failed
        </Alert>
      );
    }
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Loading the payment form" />}>
        <StripePaymentForm {...props} publishableKey={props.publishableKey} />
      </Suspense>
    );
  }
  return <PaymentFormBody {...props} stripe={null} />;
}
