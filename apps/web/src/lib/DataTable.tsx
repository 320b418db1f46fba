import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A column heading: its text, or a drawn heading with its key (e.g. an "Actions" heading only
 * screen readers hear: `hiddenHeading` of hidden-heading.tsx, which the caller imports, so tables
 * without one do not load VisuallyHidden).
 */
export type Column = string | { key: string; heading: ReactNode };

/**
 * A table with a row of column headings and its body rows (`children`, Table.Tr). With
 * `minWidth` it scrolls sideways on screens narrower than that; with `region` too, inside a
 * focusable region named "<region> (scrolls sideways)" (so keyboard users can scroll it: axe's
 * scrollable-region-focusable).
 */
export function DataTable({
  columns,
  minWidth,
  region,
  children,
  ...table
}: Omit<TableProps, 'children'> & {
  columns: Column[];
  minWidth?: number;
  region?: string;
  children: ReactNode;
}) {
  const drawn = (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <Table.Th key={column}>{column}</Table.Th>
            ) : (
              <Table.Th key={column.key}>{column.heading}</Table.Th>
            ),
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  if (minWidth === undefined) return drawn;
  return region === undefined ? (
    <Table.ScrollContainer minWidth={minWidth}>{drawn}</Table.ScrollContainer>
  ) : (
    <Table.ScrollContainer
      minWidth={minWidth}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`${region} (scrolls sideways)`}
    >
      {drawn}
    </Table.ScrollContainer>
  );
}
