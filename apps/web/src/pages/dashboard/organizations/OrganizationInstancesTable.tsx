import { Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { StatusBadge } from '@scmp/ui';
import { formatDate } from '../../../lib/format';
import { ManageInstanceButton, VisitInstanceButton } from '../../../features/instances';
import type { RouterOutputs } from '../../../lib/types';

type Instance = RouterOutputs['instances']['list']['data'][number];

/** The table of an organization's instances on its Overview tab, each with Visit and Manage. */
export function OrganizationInstancesTable({ list }: { list: Instance[] }) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>URL</Table.Th>
            <Table.Th>Last health check</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
