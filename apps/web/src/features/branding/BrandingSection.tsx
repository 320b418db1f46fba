import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="gray.7">
              {description}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
