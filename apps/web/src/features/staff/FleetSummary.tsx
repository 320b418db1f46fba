import { Group, Table, Text } from '@mantine/core';
import { formatDay, statusLabel, type StaffOverview } from './types';
import { NameCell, ScrollTable, TextCell } from './ScrollTable';
import { StaffSection } from './StaffSection';
import { CustomerLink } from './CustomerLink';

/** The instance fleet by status and health, with the unhealthy instances listed. */
export function FleetSummary({ fleet }: { fleet: StaffOverview['fleet'] }) {
  const statuses = Object.entries(fleet.by_status).filter(([, n]) => n > 0);
  return (
    <StaffSection titleId="fleet-title" title="Instance fleet">
      <Group gap="lg" wrap="wrap">
        <Text size="sm">
          <strong>{fleet.by_health.healthy}</strong> healthy
        </Text>
        <Text size="sm" c={fleet.by_health.unhealthy > 0 ? 'red.8' : undefined}>
          <strong>{fleet.by_health.unhealthy}</strong> unhealthy
        </Text>
        <Text size="sm">
          <strong>{fleet.by_health.unknown}</strong> not checked yet
        </Text>
      </Group>
      <Text size="sm" c="gray.7">
        {statuses.length === 0
          ? 'No instances yet.'
          : `By status: ${statuses.map(([s, n]) => `${n} ${statusLabel(s).toLowerCase()}`).join(' · ')}`}
      </Text>
      <ScrollTable
        label="Unhealthy instances"
        minWidth={520}
        testId="unhealthy-list"
        columns={['Unhealthy instance', 'Customer', 'Last check']}
        emptyText="Every checked instance answered its last health check."
      >
        {fleet.unhealthy.map((i) => (
          <Table.Tr key={i.uuid}>
            <NameCell name={i.name} detail={[i.host ?? 'No host', i.organization.name]} />
            <Table.Td>
              <CustomerLink uuid={i.customer.uuid} size="sm">
                {i.customer.email}
              </CustomerLink>
            </Table.Td>
            <TextCell>{formatDay(i.last_health_check)}</TextCell>
          </Table.Tr>
        ))}
      </ScrollTable>
    </StaffSection>
  );
}
