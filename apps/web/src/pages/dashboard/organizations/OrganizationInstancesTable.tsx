import { Group, Table, Text } from '@mantine/core';
import { StatusBadge } from '@scmp/ui';
import { formatDate } from '../../../lib/format';
import { ManageInstanceButton, VisitInstanceButton } from '../../../features/instances';
import type { RouterOutputs } from '../../../lib/types';
import { DataTable } from '../../../lib/DataTable';
import { hiddenHeading } from '../../../lib/hidden-heading';

type Instance = RouterOutputs['instances']['list']['data'][number];

/** The table of an organization's instances on its Overview tab, each with Visit and Manage. */
export function OrganizationInstancesTable({ list }: { list: Instance[] }) {
  return (
    <DataTable
      columns={['Name', 'Status', 'URL', 'Last health check', hiddenHeading('Actions')]}
      minWidth={600}
      verticalSpacing="sm"
    >
      {list.map((instance) => (
        <Table.Tr key={instance.uuid}>
          <Table.Td>{instance.name}</Table.Td>
          <Table.Td>
            <StatusBadge status={instance.status} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{instance.instance_url ?? '—'}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{formatDate(instance.last_health_check, true)}</Text>
          </Table.Td>
          <Table.Td>
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <VisitInstanceButton instance={instance} />
              <ManageInstanceButton instance={instance} />
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}
