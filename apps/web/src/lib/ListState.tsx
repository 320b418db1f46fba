import { Button, Skeleton, Stack, Text, type MantineRadius } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert';

type QueryLike = { isPending: boolean; isError: boolean; error: unknown };

/**
 * The states of what a query shows, before its content: `loading` while it loads, its error as
 * an alert (`errorText` when the error has no message), `empty` when it returned nothing;
 * otherwise the content itself.
 */
export function QueryStates({
  query,
  loading,
  errorText,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike;
  loading: ReactNode;
  errorText: string;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) return <ErrorAlert error={query.error} fallback={errorText} />;
  if (isEmpty) return empty;
  return children;
}

/** `count` grey blocks standing in for the rows of a list while it loads. */
export function SkeletonRows({
  count,
  height,
  radius,
  gap,
  ...props
}: {
  count: number;
  height: number;
  radius?: MantineRadius;
  gap?: string;
  'aria-busy'?: 'true';
  'aria-label'?: string;
}) {
  return (
    <Stack gap={gap} {...props}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius={radius} />
      ))}
    </Stack>
  );
}

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
  query: QueryLike;
  /** What the list holds, plural: "customers" gives "Loading customers". */
  what: string;
  rowCount: number;
  /** Shown when the list has no rows (no match for the filters, or nothing yet). */
  emptyText: string;
  /** The list, rendered once there are rows. */
  children: ReactNode;
}) {
  return (
    <QueryStates
      query={query}
      loading={
        <SkeletonRows
          count={4}
          height={44}
          gap="xs"
          aria-busy="true"
          aria-label={`Loading ${what}`}
        />
      }
      errorText={`We could not load the ${what}.`}
      isEmpty={rowCount === 0}
      empty={<Text c="gray.7">{emptyText}</Text>}
    >
      {children}
    </QueryStates>
  );
}

/**
 * "Load more" under a paged list (TanStack Query's infinite query); nothing on the last page.
 * While the next page loads it says "Loading...", or with `spinner` shows a spinner instead.
 */
export function LoadMoreButton({
  query,
  spinner = false,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  spinner?: boolean;
}) {
  if (!query.hasNextPage) return null;
  const fetching = query.isFetchingNextPage;
  return (
    <Button
      variant="default"
      onClick={() => void query.fetchNextPage()}
      {...(spinner ? { loading: fetching, w: 'fit-content' } : { disabled: fetching })}
    >
      {fetching && !spinner ? 'Loading...' : 'Load more'}
    </Button>
  );
}
