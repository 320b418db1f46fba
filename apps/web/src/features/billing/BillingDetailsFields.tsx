import { SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Values } from './payment-form-values';

/** The payer's name, e-mail and address. */
export function BillingDetailsFields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <Text size="sm" fw={600} mt="sm">
        Billing details
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Full name" required autoComplete="name" {...form.getInputProps('name')} />
        <TextInput
          label="Email"
          required
          type="email"
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Address line 1"
          required
          autoComplete="address-line1"
          {...form.getInputProps('line1')}
        />
        <TextInput
          label="Address line 2"
          autoComplete="address-line2"
          {...form.getInputProps('line2')}
        />
        <TextInput
          label="City"
          required
          autoComplete="address-level2"
          {...form.getInputProps('city')}
        />
        <TextInput
          label="Postal code"
          required
          autoComplete="postal-code"
          {...form.getInputProps('postal_code')}
        />
        <TextInput
          label="Country"
          autoComplete="country"
          maxLength={2}
          {...form.getInputProps('country')}
        />
      </SimpleGrid>
    </>
  );
}
