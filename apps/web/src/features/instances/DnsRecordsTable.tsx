import { ActionIcon, Code, CopyButton, Group, Table, Text } from '@mantine/core';
import { LazyTooltip } from '../../lib/LazyTooltip';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { Instance } from './types';

function Copy({ value, what }: { value: string; what: string }) {
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

export function RecordsTable({ records }: { records: Instance['dns_records'] }) {
  return (
    <Table.ScrollContainer
      minWidth={520}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="DNS records (scrolls sideways)"
    >
      <Table verticalSpacing="xs" aria-label="DNS records to create">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Type</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={`${record.type}-${record.name}-${record.value}`}>
              <Table.Td>
                <Code>{record.type}</Code>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" style={{ wordBreak: 'break-all' }}>
                    {record.name}
                  </Text>
                  <Copy value={record.name} what={`${record.type} record name`} />
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {record.value}
                  </Text>
                  <Copy value={record.value} what={`${record.type} record value`} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
