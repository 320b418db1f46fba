import { Card } from '@mantine/core';
import type { ReactNode } from 'react';

/** A card of the instance detail page: a section named by its heading (`titleId`). */
export function InstanceSection({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" mb="lg" component="section" aria-labelledby={titleId}>
      {children}
    </Card>
  );
}
