import { Anchor, Container, Group, Skeleton, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, PageHeader, type PageHeaderProps } from '@scmp/ui';

/** Where a detail page's back link leads: its list. */
export type BackTo = { to: string; label: string };

export function BackLink({ to, label }: BackTo) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

/** A detail page while its record loads: the title's bar and a block per section. */
export function DetailPageLoading({ sections }: { sections: number[] }) {
  return (
    <Container size="lg" py="xl" aria-busy="true">
      <Skeleton height={36} width="40%" mb="md" />
      {sections.map((height, i) => (
        <Skeleton key={i} height={height} mb={i < sections.length - 1 ? 'md' : undefined} />
      ))}
    </Container>
  );
}

/**
 * A detail page without its record: while the query loads, the loading blocks (`sections`);
 * otherwise "<What> not found", as the record does not exist or is not the visitor's.
 */
export function DetailPageFallback({
  query,
  what,
  sections,
  back,
}: {
  query: { isPending: boolean };
  what: string;
  sections: number[];
  back: BackTo;
}) {
  if (query.isPending) return <DetailPageLoading sections={sections} />;
  return (
    <Container size="lg" py="xl">
      <EmptyState
        title={`${what} not found`}
        order={2}
        description={`The ${what.toLowerCase()} does not exist, or you do not have access to it.`}
        action={<BackLink {...back} />}
      />
    </Container>
  );
}

/**
 * The skeleton of a detail page (an instance, an organization): the back link to its list above
 * the title, the header's actions, then the page's cards.
 */
export function DetailPage({
  back,
  children,
  ...header
}: Omit<PageHeaderProps, 'above'> & { back: BackTo; children: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <PageHeader above={<BackLink {...back} />} {...header} />
      {children}
    </Container>
  );
}

/** A labelled value of a detail page's summary. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}
