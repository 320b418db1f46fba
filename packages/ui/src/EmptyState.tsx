import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export type EmptyStateProps = {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** A call to action (button or link). */
  action?: ReactNode;
  /** Heading level of the title (default 3). */
  order?: 2 | 3 | 4;
};

/** What a list shows when it has nothing in it. */
export function EmptyState({ title, description, icon, action, order = 3 }: EmptyStateProps) {
  return (
    <Center py="xl">
      <Stack align="center" gap="sm" maw={460} ta="center">
        {icon ? (
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            {icon}
          </ThemeIcon>
        ) : null}
        <Title order={order} size="h4">
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
        {action}
      </Stack>
    </Center>
  );
}
