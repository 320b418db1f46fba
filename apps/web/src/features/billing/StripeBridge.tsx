import { Stack, Text } from '@mantine/core';
import { CardElement, IbanElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry adds Stripe.js to the page when loadStripe is called, not on import.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { PaymentFormBody } from './PaymentFormBody';
import type { PaymentFormProps, StripeBridge } from './payment-types';

/** One Stripe.js instance per publishable key. */
const stripePromises = new Map<string, Promise<Stripe | null>>();
export function stripeFor(key: string) {
  if (!stripePromises.has(key)) stripePromises.set(key, loadStripe(key));
  return stripePromises.get(key)!;
}

/**
 * Stripe Elements: the card and IBAN fields are Stripe's; the card becomes a payment method
 * in the browser (createPaymentMethod) and a SEPA mandate is confirmed on the SetupIntent
 * (confirmSepaDebitSetup). Card data never reaches our server.
 */
export function StripeBridgeForm(props: PaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const bridge: StripeBridge = {
    async card(billing) {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) throw new Error('Payment setup failed');
      const { paymentMethod, error } = await stripe.createPaymentMethod({
        type: 'card',
        card,
        billing_details: {
          ...billing,
          address: { ...billing.address, line2: billing.address.line2 || undefined },
        },
      });
      if (error || !paymentMethod) throw new Error(error?.message ?? 'Payment setup failed');
      return paymentMethod.id;
    },
    async sepa(clientSecret, billing) {
      const iban = elements?.getElement(IbanElement);
      if (!stripe || !iban) throw new Error('Payment setup failed');
      const { setupIntent, error } = await stripe.confirmSepaDebitSetup(clientSecret, {
        payment_method: {
          sepa_debit: iban,
          billing_details: { name: billing.name, email: billing.email },
        },
      });
      if (error || !setupIntent?.payment_method)
        throw new Error(error?.message ?? 'Payment setup failed');
      return typeof setupIntent.payment_method === 'string'
        ? setupIntent.payment_method
        : setupIntent.payment_method.id;
    },
    cardSlot: (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Card details
        </Text>
        <div
          style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, padding: 10 }}
        >
          <CardElement
            options={{ hidePostalCode: true }}
            onReady={(element) => {
              if (props.autoFocus) element.focus();
            }}
          />
        </div>
      </Stack>
    ),
    ibanSlot: (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          IBAN
        </Text>
        <div
          style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, padding: 10 }}
        >
          <IbanElement options={{ supportedCountries: ['SEPA'] }} />
        </div>
      </Stack>
    ),
  };
  return <PaymentFormBody {...props} stripe={bridge} />;
}
