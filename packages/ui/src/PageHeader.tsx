import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type PageHeaderProps = {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons shown on the right (wrapping below on small screens). */
  actions?: ReactNode;
  /** Content above the title, e.g. a back link. */
  above?: ReactNode;
};

/** The h1 of a dashboard page with its description and actions. */
export function PageHeader({ title, description, actions, above }: PageHeaderProps) {
  return (
    <Stack gap="xs" mb="lg">
      {above}
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4} style={{ flex: '1 1 320px' }}>
          <Title order={1} size="h2">
            {title}
          </Title>
          {description ? <Text c="dimmed">{description}</Text> : null}
        </Stack>
        {actions ? <Group gap="sm">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
