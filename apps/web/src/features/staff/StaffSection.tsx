import { Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A bordered section of the operator console, named by its h2 (`titleId`): the heading (with a
 * link beside it, when given), a line of explanation, then the section's content.
 */
export function StaffSection({
  titleId,
  title,
  aside,
  intro,
  children,
}: {
  titleId: string;
  title: ReactNode;
  aside?: ReactNode;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4" id={titleId}>
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        {aside ? (
          <Group justify="space-between" align="baseline">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {intro ? (
          <Text size="sm" c="gray.7">
            {intro}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}
