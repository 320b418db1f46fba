import { Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StatusBadge } from '@scmp/ui';
import { formatDate } from '../../../lib/format';
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
                  {instance.instance_url ? (
                    <Button
                      component="a"
                      href={instance.instance_url}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="xs"
                      variant="subtle"
                      leftSection={<IconExternalLink size={14} />}
                      aria-label={`Visit ${instance.name}`}
                    >
                      Visit
                    </Button>
                  ) : null}
                  <Button
                    component={Link}
                    to={`/dashboard/instances/${instance.uuid}`}
                    size="xs"
                    variant="light"
                    aria-label={`Manage ${instance.name}`}
                  >
                    Manage
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
