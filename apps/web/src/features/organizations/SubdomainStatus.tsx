import { Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { SubdomainAvailability } from './use-subdomain-check';

/** The icon inside the subdomain field: spinner while checking, tick or cross after. */
export function SubdomainStatusIcon({ status }: { status: SubdomainAvailability }) {
  if (status === 'checking') return <Loader size="xs" aria-label="Checking availability" />;
  if (status === 'available')
    return (
      <IconCircleCheck size={18} color="var(--mantine-color-green-7)" aria-label="Available" />
    );
  if (status === 'unavailable')
    return <IconCircleX size={18} color="var(--mantine-color-red-7)" aria-label="Not available" />;
  return null;
}

/** The line under the subdomain field: the check's answer, or "Checking availability..." while it runs. */
export function SubdomainStatusText({
  check,
  colors = { available: 'green', unavailable: 'red' },
}: {
  check: { status: SubdomainAvailability; message: string | null };
  colors?: { available: string; unavailable: string };
}) {
  if (check.status === 'available' || check.status === 'unavailable') {
    return (
      <Text size="sm" c={colors[check.status]} aria-live="polite">
        {check.message}
      </Text>
    );
  }
  if (check.status === 'checking') {
    return (
      <Text size="sm" c="dimmed" aria-live="polite">
        Checking availability...
      </Text>
    );
  }
  return null;
}
