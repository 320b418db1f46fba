import { SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TextFields, type TextFieldSpec } from '../../lib/TextFields';
import type { Values } from './payment-form-values';

const FIELDS: TextFieldSpec<keyof Values & string>[] = [
  { name: 'name', label: 'Full name', required: true, autoComplete: 'name' },
  { name: 'email', label: 'Email', required: true, type: 'email', autoComplete: 'email' },
  { name: 'line1', label: 'Address line 1', required: true, autoComplete: 'address-line1' },
  { name: 'line2', label: 'Address line 2', autoComplete: 'address-line2' },
  { name: 'city', label: 'City', required: true, autoComplete: 'address-level2' },
  { name: 'postal_code', label: 'Postal code', required: true, autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country', maxLength: 2 },
];

/** The payer's name, e-mail and address. */
export function BillingDetailsFields({ form }: { form: UseFormReturnType<Values> }) {
  return (
    <>
      <Text size="sm" fw={600} mt="sm">
        Billing details
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextFields form={form} fields={FIELDS} />
      </SimpleGrid>
    </>
  );
}
