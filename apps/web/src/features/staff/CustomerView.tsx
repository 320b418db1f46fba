import { Alert, Badge, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { formatDay, statusLabel, type StaffCustomer } from './types';
import { InstanceBadges, NameCell, NameLines, ScrollTable, TextCell } from './ScrollTable';
import { StaffSection } from './StaffSection';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `customer-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <StaffSection titleId={id} title={title}>
      {children}
    </StaffSection>
  );
}

/** A customer's account as they see it, read-only: profile, organizations, instances, tickets. */
export function CustomerView({ customer }: { customer: StaffCustomer }) {
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" title="Read-only view">
        You see what {customer.name} sees. Nothing can be changed here, and this view is recorded in
        the customer’s activity log.
      </Alert>
      <Section title="Profile">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text size="sm">
            <strong>E-mail:</strong> {customer.email}{' '}
            <Badge size="xs" variant="light" color={customer.email_verified ? 'green' : 'yellow'}>
              {customer.email_verified ? 'Verified' : 'Not verified'}
            </Badge>
          </Text>
          <Text size="sm">
            <strong>Joined:</strong> {formatDay(customer.created_at)}
          </Text>
          <Text size="sm">
            <strong>Two-factor:</strong> {customer.two_factor_enabled ? 'On' : 'Off'}
          </Text>
          <Text size="sm">
            <strong>Phone:</strong> {customer.phone ?? '—'}
          </Text>
        </SimpleGrid>
      </Section>
      <Section title="Organizations">
        <ScrollTable
          label="Organizations"
          minWidth={560}
          testId="customer-organizations"
          columns={['Organization', 'Role', 'Subscription']}
          emptyText="No organizations."
        >
          {customer.organizations.map((o) => (
            <Table.Tr key={o.uuid}>
              <NameCell
                name={o.name}
                detail={[statusLabel(o.status), o.subdomain ?? 'no subdomain']}
              />
              <TextCell>{statusLabel(o.role)}</TextCell>
              <Table.Td>
                {o.subscription ? (
                  <>
                    <Group gap={4}>
                      <Text size="sm" tt="capitalize">
                        {o.subscription.plan}
                      </Text>
                      <Badge
                        size="xs"
                        variant="light"
                        color={o.subscription.status === 'active' ? 'green' : 'red'}
                      >
                        {statusLabel(o.subscription.status)}
                      </Badge>
                    </Group>
                    <Text size="xs" c="gray.7">
                      {o.subscription.past_due_since
                        ? `Past due since ${formatDay(o.subscription.past_due_since)}`
                        : `Period ends ${formatDay(o.subscription.current_period_end)}`}
                      {o.subscription.additional_venues > 0
                        ? ` · ${o.subscription.additional_venues} extra venues`
                        : ''}
                    </Text>
                  </>
                ) : (
                  <Text size="sm" c="gray.7">
                    No plan
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      </Section>
      <Section title="Instances">
        {customer.instances.length === 0 ? (
          <Text c="gray.7">No instances.</Text>
        ) : (
          <Stack gap={6}>
            {customer.instances.map((i) => (
              <Group key={i.uuid} justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <NameLines name={i.name} detail={[i.host ?? 'No host', i.organization.name]} />
                </div>
                <InstanceBadges status={i.status} health={i.health} />
              </Group>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Support tickets">
        <Text size="sm">
          {customer.tickets.open} open · {customer.tickets.in_progress} in progress ·{' '}
          {customer.tickets.resolved} resolved · {customer.tickets.closed} closed
        </Text>
        {customer.tickets.recent.length === 0 ? (
          <Text c="gray.7">No tickets.</Text>
        ) : (
          <Stack gap={4}>
            {customer.tickets.recent.map((t) => (
              <Text key={t.uuid} size="sm">
                {t.ticket_number} · {t.subject} · {statusLabel(t.status)} ·{' '}
                {formatDay(t.created_at)}
              </Text>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
