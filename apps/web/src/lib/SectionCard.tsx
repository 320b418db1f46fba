import { Card, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A bordered card with its heading (h2) above its content, e.g. "Billing History". `outside` is
 * drawn in the card after the content's stack (a dialog the card opens).
 */
export function SectionCard({
  title,
  children,
  outside,
}: {
  title: ReactNode;
  children: ReactNode;
  outside?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
      {outside}
    </Card>
  );
}
