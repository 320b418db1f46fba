import { Paper, Skeleton, Text } from '@mantine/core';

/**
 * A figure with its label above it, e.g. "Open Tickets 3"; a grey block while it loads. The
 * figure's data-testid is `<testIdPrefix>-<label in kebab case>`.
 */
export function StatTile({
  label,
  value,
  loading,
  testIdPrefix,
}: {
  label: string;
  value: number;
  loading: boolean;
  testIdPrefix: string;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      {loading ? (
        <Skeleton height={32} width={60} mt={4} />
      ) : (
        <Text
          fz={28}
          fw={700}
          data-testid={`${testIdPrefix}-${label.toLowerCase().replace(/\s+/g, '-')}`}
        >
          {value}
        </Text>
      )}
    </Paper>
  );
}
