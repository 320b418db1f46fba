import { Code, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyableValue } from './CopyValue';
import { DataTable } from './DataTable';

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
