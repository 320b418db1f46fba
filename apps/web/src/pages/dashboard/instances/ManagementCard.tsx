import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of the instance page's Management grid: icon, title, explanation and an action. */
export function ManagementCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%">
        <Group gap="sm">
          {icon}
          <Title order={3} size="h5">
            {title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <div style={{ marginTop: 'auto' }}>{action}</div>
      </Stack>
    </Card>
  );
}
