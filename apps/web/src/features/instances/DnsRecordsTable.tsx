import { Text } from '@mantine/core';
import { DnsRecordTable } from '../../lib/CopyValue';
import type { Instance } from './types';

export function RecordsTable({ records }: { records: Instance['dns_records'] }) {
  return (
    <DnsRecordTable
      records={records}
      label={{ table: 'DNS records to create', region: 'DNS records' }}
      show={(text, part) => (
        <Text
          size="sm"
          ff={part === 'value' ? 'monospace' : undefined}
          style={{ wordBreak: 'break-all' }}
        >
          {text}
        </Text>
      )}
      what={(record, part) => `${record.type} record ${part}`}
    />
  );
}
