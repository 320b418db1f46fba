import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { BillingDetailsFields } from './BillingDetailsFields';
import type { Values } from './payment-form-values';
import type { Billing, PaymentFormProps, StripeBridge } from './payment-types';
import { TestModeHint } from './TestModeHint';

/**
 * The form itself: method (card or direct_debit, default card) and billing fields. With a
 * Stripe bridge the card/IBAN slots are Stripe Elements; in test mode the card/IBAN is turned
 * into a payment method by our own test endpoint.
 */
export function PaymentFormBody(props: PaymentFormProps & { stripe: StripeBridge | null }) {
  const trpc = useTRPC();
  const setupIntent = useMutation(trpc.subscription.setupIntent.mutationOptions());
  const [method, setMethod] = useState<'card' | 'direct_debit'>('card');
  const [error, setError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Opened from a button above: bring the form into view and focus its first field (with
  // Stripe the card field focuses itself once Stripe's iframe is ready).
  useEffect(() => {
    if (!props.autoFocus) return;
    const form = formRef.current;
    if (!form) return;
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    form.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    if (!props.stripe) {
      form
        .querySelector<HTMLInputElement>('input:not([type="radio"]):not([type="hidden"])')
        ?.focus({ preventScroll: true });
    }
    // Only when the form opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const createPm = useMutation(trpc.subscription.createTestPaymentMethod.mutationOptions());
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      name: '',
      email: props.defaultEmail ?? '',
      line1: '',
      line2: '',
      city: '',
      postal_code: '',
      country: 'GB',
      number: '',
      expiry: '',
      cvc: '',
      iban: '',
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Full name is required'),
      email: (v) =>
        !v.trim() ? 'Email is required' : /^\S+@\S+\.\S+$/.test(v) ? null : 'Invalid email address',
      line1: (v) => (v.trim() ? null : 'Address line 1 is required'),
      city: (v) => (v.trim() ? null : 'City is required'),
      postal_code: (v) => (v.trim() ? null : 'Postal code is required'),
      number: (v) =>
        !props.stripe && method === 'card' && !v.trim() ? 'Card number is required' : null,
      expiry: (v) =>
        !props.stripe && method === 'card' && !/^\d{1,2}\s*\/\s*\d{2,4}$/.test(v.trim())
          ? 'Expiry must be MM/YY'
          : null,
      cvc: (v) =>
        !props.stripe && method === 'card' && !/^\d{3,4}$/.test(v.trim())
          ? 'CVC must be 3 or 4 digits'
          : null,
      iban: (v) =>
        !props.stripe && method === 'direct_debit' && !v.trim() ? 'IBAN is required' : null,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    let paymentMethodId: string;
    const billing: Billing = {
      name: values.name.trim(),
      email: values.email.trim(),
      address: {
        line1: values.line1.trim(),
        line2: values.line2.trim(),
        city: values.city.trim(),
        postal_code: values.postal_code.trim(),
        country: values.country.trim().toUpperCase() || 'GB',
      },
    };
    try {
      if (props.stripe) {
        if (method === 'card') {
          paymentMethodId = await props.stripe.card(billing);
        } else {
          let secret: string;
          try {
            const res = await setupIntent.mutateAsync({
              organization_uuid: props.organizationUuid,
              payment_type: 'direct_debit',
            });
            secret = res.data.client_secret;
          } catch (err) {
            setError(errorMessage(err, 'Failed to create setup intent'));
            return;
          }
          paymentMethodId = await props.stripe.sepa(secret, billing);
        }
      } else if (method === 'card') {
        const [m, y] = values.expiry.split('/').map((s) => Number.parseInt(s.trim(), 10));
        const res = await createPm.mutateAsync({
          type: 'card',
          number: values.number,
          exp_month: m,
          exp_year: y,
          cvc: values.cvc.trim(),
        });
        paymentMethodId = res.data.id;
      } else {
        const res = await createPm.mutateAsync({
          type: 'sepa_debit',
          iban: values.iban,
          name: values.name,
          email: values.email,
        });
        paymentMethodId = res.data.id;
      }
    } catch (err) {
      setError(
        err instanceof Error && props.stripe
          ? err.message
          : errorMessage(err, 'Payment setup failed'),
      );
      return;
    }
    try {
      await props.onSubmit({
        payment_method_id: paymentMethodId,
        payment_type: method,
        billing_details: billing,
      });
    } catch (err) {
      setError(errorMessage(err, 'Subscription creation failed'));
    }
  });

  const busy = props.busy || createPm.isPending || setupIntent.isPending;

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label="Payment form"
      aria-busy={busy}
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="sm">
        <Text size="sm" fw={600}>
          Payment method
        </Text>
        <SegmentedControl
          value={method}
          onChange={(v) => setMethod(v as 'card' | 'direct_debit')}
          data={[
            { value: 'card', label: 'Card' },
            { value: 'direct_debit', label: 'Direct debit (SEPA)' },
          ]}
          aria-label="Payment method"
        />
        {!props.stripe && <TestModeHint method={method} />}
        {props.stripe && method === 'card' && props.stripe.cardSlot}
        {props.stripe && method === 'direct_debit' && props.stripe.ibanSlot}
        {props.stripe ? null : method === 'card' ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Card number"
              required
              autoComplete="cc-number"
              inputMode="numeric"
              {...form.getInputProps('number')}
            />
            <TextInput
              label="Expiry (MM/YY)"
              required
              autoComplete="cc-exp"
              placeholder="12/34"
              {...form.getInputProps('expiry')}
            />
            <TextInput
              label="CVC"
              required
              autoComplete="cc-csc"
              inputMode="numeric"
              {...form.getInputProps('cvc')}
            />
          </SimpleGrid>
        ) : (
          <TextInput label="IBAN" required {...form.getInputProps('iban')} />
        )}
        {method === 'direct_debit' && (
          <Text size="xs" c="dimmed">
            Direct debit setup takes 3-5 business days and has lower fees. By providing your IBAN
            you authorise us to send instructions to your bank to debit your account. You are
            entitled to a refund from your bank under its terms; a refund must be claimed within 8
            weeks starting from the date your account was debited.
          </Text>
        )}
        <BillingDetailsFields form={form} />
        {/* Next to the Pay button, where the eyes are after pressing it; announced. */}
        <div aria-live="assertive">
          {error && (
            <Alert color="red" role="alert" title="Payment error" data-testid="payment-error">
              {error}
            </Alert>
          )}
        </div>
        <Group justify="flex-end">
          {props.onCancel && (
            <Button variant="default" onClick={props.onCancel} disabled={busy}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={busy} data-testid="payment-submit">
            {busy ? 'Processing...' : props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
