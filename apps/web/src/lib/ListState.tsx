import {
  Alert,
  Paper,
  Skeleton,
  Stack,
  Text,
  type AlertProps,
  type MantineRadius,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessage } from './trpc';

// The states of data a page draws while and after it is fetched: one module (one small chunk)
// rather than one per piece, as most pages that draw one draw the others too.

/** A failed request's message (or `fallback` when it has none) as a red alert. */
export function ErrorAlert({
  error,
  fallback,
  ...props
}: { error: unknown; fallback: string } & Omit<AlertProps, 'children'>) {
  return (
    <Alert color="red" role="alert" {...props}>
      {errorMessage(error, fallback)}
    </Alert>
  );
}

/**
 * A figure with its label above it, e.g. "Open Tickets 3"; a grey block while it loads. The
 * figure's data-testid is `<testIdPrefix>-<label in kebab case>`.
 */
export function StatTile({
  label,
  value,
  loading,
  testIdPrefix,
}: {
  label: string;
  value: number;
  loading: boolean;
  testIdPrefix: string;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      {loading ? (
        <Skeleton height={32} width={60} mt={4} />
      ) : (
        <Text
          fz={28}
          fw={700}
          data-testid={`${testIdPrefix}-${label.toLowerCase().replace(/\s+/g, '-')}`}
        >
          {value}
        </Text>
      )}
    </Paper>
  );
}

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
