import { Elements } from '@stripe/react-stripe-js';
import { StripeBridgeForm, stripeFor } from './StripeBridge';
import type { PaymentFormProps } from './payment-types';

/** The payment form on Stripe Elements (loaded only when Stripe is the payment provider). */
export default function StripePaymentForm(props: PaymentFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(props.publishableKey)}>
      <StripeBridgeForm {...props} />
    </Elements>
  );
}
