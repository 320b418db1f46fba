import { Loader } from '@mantine/core';
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
