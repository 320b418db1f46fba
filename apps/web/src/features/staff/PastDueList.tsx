import { Badge, Table, Text } from '@mantine/core';
import { formatDay, plural, statusLabel, type StaffOverview } from './types';
import { TableSection } from './ScrollTable';
import { CustomerLink } from './CustomerLink';

/** Subscriptions behind on payment, oldest first, each linking to its customer. */
export function PastDueList({ pastDue }: { pastDue: StaffOverview['past_due'] }) {
  return (
    <TableSection
      titleId="past-due-title"
      title={`Past due (${pastDue.total})`}
      label="Past-due subscriptions"
      minWidth={560}
      testId="past-due-list"
      columns={['Organization', 'Customer', 'Plan', 'Overdue']}
      emptyText="No subscription is behind on payment."
    >
      {pastDue.items.map((item) => (
        <Table.Tr key={item.subscription_uuid}>
          <Table.Td>
            <CustomerLink uuid={item.customer.uuid}>{item.organization.name}</CustomerLink>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{item.customer.name}</Text>
            <Text size="xs" c="gray.7">
              {item.customer.email}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm" tt="capitalize">
              {item.plan}
            </Text>
            {item.status === 'suspended' ? (
              <Badge color="red" variant="light" size="sm">
                {statusLabel(item.status)}
              </Badge>
            ) : null}
          </Table.Td>
          <Table.Td>
            <Text size="sm" fw={600} data-testid="days-overdue">
              {item.days_overdue} {plural(item.days_overdue, 'day')}
            </Text>
            <Text size="xs" c="gray.7">
              since {formatDay(item.past_due_since)}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </TableSection>
  );
}
