import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from './trpc';

/**
 * The states of a list before its rows: skeleton rows while the first page
 * loads, the error as an alert, the empty text when nothing matches; otherwise the list itself.
 */
export function ListState({
  query,
  what,
  rowCount,
  emptyText,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown };
  /** What the list holds, plural: "customers" gives "Loading customers". */
  what: string;
  rowCount: number;
  /** Shown when the list has no rows (no match for the filters, or nothing yet). */
  emptyText: string;
  /** The list, rendered once there are rows. */
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={`Loading ${what}`}>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={44} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(query.error, `We could not load the ${what}.`)}
      </Alert>
    );
  }
  if (rowCount === 0) return <Text c="gray.7">{emptyText}</Text>;
  return children;
}
