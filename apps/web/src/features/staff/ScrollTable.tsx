import { Badge, Group, Table, Text } from '@mantine/core';
import { Children, type ComponentProps, type ReactNode } from 'react';
import { DataTable } from '../../lib/DataTable';
import { StaffSection } from './StaffSection';
import { statusLabel } from './types';

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

/** A name in bold, a line of detail under it (parts given as a list are joined by " · "). */
export function NameLines({ name, detail }: { name: ReactNode; detail: ReactNode | string[] }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="gray.7">
        {Array.isArray(detail) ? detail.join(' · ') : detail}
      </Text>
    </>
  );
}

/** A table's first cell: NameLines. */
export function NameCell(props: { name: ReactNode; detail: ReactNode | string[] }) {
  return (
    <Table.Td>
      <NameLines {...props} />
    </Table.Td>
  );
}

/** A plain table cell: its content in the table's small text. */
export function TextCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm">{children}</Text>
    </Table.Td>
  );
}

const healthColor = (health: string | null) =>
  health === 'healthy' ? 'green' : health === 'unhealthy' ? 'red' : 'gray';

/** An instance's state as two badges: its status, then its last health check. */
export function InstanceBadges({ status, health }: { status: string; health: string | null }) {
  return (
    <Group gap={4}>
      <Badge size="sm" variant="light" color="gray">
        {statusLabel(status)}
      </Badge>
      <Badge size="sm" variant="light" color={healthColor(health)}>
        {health ? statusLabel(health) : 'Not checked'}
      </Badge>
    </Group>
  );
}
