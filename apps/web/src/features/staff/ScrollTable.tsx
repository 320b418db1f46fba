import { Button, Table, Text } from '@mantine/core';
import { Children, type ComponentProps, type ReactNode } from 'react';
import { DataTable } from '../../lib/DataTable';
import { StaffSection } from './StaffSection';

/**
 * A table that scrolls sideways on narrow screens inside a focusable, named region (so keyboard
 * users can scroll it: axe's scrollable-region-focusable), with its column headings. The
 * operator console's lists all use it.
 */
export function ScrollTable({
  label,
  minWidth,
  columns,
  testId,
  emptyText,
  children,
}: {
  /** What the table holds, e.g. "Customers"; the region is named "<label> (scrolls sideways)". */
  label: string;
  minWidth: number;
  columns: string[];
  testId: string;
  /** Shown instead of the table when it has no rows. */
  emptyText?: string;
  /** The body rows (Table.Tr). */
  children: ReactNode;
}) {
  if (emptyText !== undefined && Children.count(children) === 0) {
    return <Text c="gray.7">{emptyText}</Text>;
  }
  return (
    <DataTable
      columns={columns}
      minWidth={minWidth}
      region={label}
      verticalSpacing="xs"
      data-testid={testId}
    >
      {children}
    </DataTable>
  );
}

/** A bordered section titled by a heading (`titleId` names it) holding one ScrollTable. */
export function TableSection({
  titleId,
  title,
  ...table
}: { titleId: string; title: ReactNode } & ComponentProps<typeof ScrollTable>) {
  return (
    <StaffSection titleId={titleId} title={title}>
      <ScrollTable {...table} />
    </StaffSection>
  );
}

/** "Load more" under a keyset-paged list (TanStack Query's infinite query). */
export function LoadMore({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="default"
      onClick={() => void query.fetchNextPage()}
      loading={query.isFetchingNextPage}
      w="fit-content"
    >
      Load more
    </Button>
  );
}

/** A table's first cell: a name in bold, a line of detail under it. */
export function NameCell({ name, detail }: { name: ReactNode; detail: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="gray.7">
        {detail}
      </Text>
    </Table.Td>
  );
}
