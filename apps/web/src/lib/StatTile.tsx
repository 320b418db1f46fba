import { Group, Paper, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A figure with its label above it, e.g. "Open Tickets 3"; a grey block while it loads. With an
 * icon, the icon stands left of a smaller figure (e.g. "Two-Factor Enabled"). The figure's
 * data-testid is `<testIdPrefix>-<label in kebab case>`.
 */
export function StatTile({
  label,
  value,
  loading = false,
  testIdPrefix,
  icon,
}: {
  label: string;
  value: ReactNode;
  loading?: boolean;
  testIdPrefix: string;
  icon?: ReactNode;
}) {
  const testId = `${testIdPrefix}-${label.toLowerCase().replace(/\s+/g, '-')}`;
  const body = (
    <>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      {loading ? (
        <Skeleton height={32} width={60} mt={4} />
      ) : icon ? (
        <Text fw={600} data-testid={testId}>
          {value}
        </Text>
      ) : (
        <Text fz={28} fw={700} data-testid={testId}>
          {value}
        </Text>
      )}
    </>
  );
  return (
    <Paper withBorder p="md" radius="md">
      {icon ? (
        <Group wrap="nowrap">
          {icon}
          <div>{body}</div>
        </Group>
      ) : (
        body
      )}
    </Paper>
  );
}
