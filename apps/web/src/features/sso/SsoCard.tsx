import { Card, Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A card of the Security tab: its heading (with `action`, e.g. "Add connection", right of it), a
 * line saying what it is for, then its content.
 */
export function SsoCard({
  title,
  action,
  intro,
  children,
}: {
  title: string;
  action?: ReactNode;
  intro: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4" mb={action === undefined ? 4 : undefined}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md" padding="lg">
      {action === undefined ? (
        heading
      ) : (
        <Group justify="space-between" mb={4}>
          {heading}
          {action}
        </Group>
      )}
      <Text size="sm" c="dimmed" mb="md">
        {intro}
      </Text>
      {children}
    </Card>
  );
}
