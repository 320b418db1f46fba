import { ActionIcon, Code, CopyButton, Group, Table } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DataTable } from './DataTable';
import { LazyTooltip } from './LazyTooltip';

/** A copy button for one value ("Copy record value"): a check mark and "Copied" once copied. */
export function CopyIconButton({ value, what }: { value: string; what: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <LazyTooltip label={copied ? 'Copied' : `Copy ${what}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={`Copy ${what}`}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </LazyTooltip>
      )}
    </CopyButton>
  );
}

/** A value as drawn (`children`) with its copy button beside it, on one line. */
export function CopyableValue({
  value,
  what,
  children,
}: {
  value: string;
  what: string;
  children: ReactNode;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      {children}
      <CopyIconButton value={value} what={what} />
    </Group>
  );
}

// The DNS record table lives here with the copy buttons it is made of: one small chunk, not two.

export type DnsRecord = { type: string; name: string; value: string };

/**
 * The DNS records to create at the domain's DNS provider: Type, Name and Value, each name and
 * value with its copy button; the table scrolls sideways on a narrow screen.
 */
export function DnsRecordTable({
  records,
  label,
  show,
  what,
}: {
  records: DnsRecord[];
  /** The table's accessible name, and its scroll region's ("<region> (scrolls sideways)"). */
  label: { table: string; region: string };
  /** How a name or a value is drawn. */
  show: (text: string, part: 'name' | 'value') => ReactNode;
  /** What a copy button copies, e.g. "TXT record name". */
  what: (record: DnsRecord, part: 'name' | 'value') => string;
}) {
  return (
    <DataTable
      columns={['Type', 'Name', 'Value']}
      minWidth={520}
      region={label.region}
      verticalSpacing="xs"
      aria-label={label.table}
    >
      {records.map((record) => (
        <Table.Tr key={`${record.type}-${record.name}-${record.value}`}>
          <Table.Td>
            <Code>{record.type}</Code>
          </Table.Td>
          {(['name', 'value'] as const).map((part) => (
            <Table.Td key={part}>
              <CopyableValue value={record[part]} what={what(record, part)}>
                {show(record[part], part)}
              </CopyableValue>
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </DataTable>
  );
}
