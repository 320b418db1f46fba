import { Alert, Text } from '@mantine/core';
import { TEST_MODE_TEXT } from './format';

/** Test mode: the test card numbers and IBANs to use. */
export function TestModeHint({ method }: { method: 'card' | 'direct_debit' }) {
  return (
    <Alert color="blue" variant="light" title={TEST_MODE_TEXT}>
      {method === 'card' ? (
        <Text size="sm">
          Use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined), 4000 0000 0000 9995
          (insufficient funds) or 4000 0000 0000 0341 (renewals fail), any future expiry and any
          CVC.
        </Text>
      ) : (
        <Text size="sm">
          Use DE89370400440532013000 (succeeds after a short processing delay) or
          AT861904300235473202 (fails).
        </Text>
      )}
    </Alert>
  );
}
