import { Alert } from '@mantine/core';
import { Elements } from '@stripe/react-stripe-js';
import { PaymentFormBody } from './PaymentFormBody';
import { StripeBridgeForm, stripeFor } from './StripeBridge';
import type { PaymentFormProps } from './payment-types';

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
      <Elements stripe={stripeFor(props.publishableKey)}>
        <StripeBridgeForm {...props} />
      </Elements>
    );
  }
  return <PaymentFormBody {...props} stripe={null} />;
}
