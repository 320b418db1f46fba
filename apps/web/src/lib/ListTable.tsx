import { Text } from '@mantine/core';
import { Children, type ComponentProps, type ReactNode } from 'react';
import { DataTable } from './DataTable';

/**
 * A DataTable of a list, or `emptyText` in small dimmed text when the list has no rows. (Kept
 * apart from DataTable so the pages that never show an empty list do not load it.)
 */
export function ListTable({
  emptyText,
  ...table
}: ComponentProps<typeof DataTable> & { emptyText: ReactNode }) {
  if (Children.count(table.children) === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return <DataTable {...table} />;
}
