import { Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ResponseTimeChart } from './ResponseTimeChart';
import type { InstanceHealth } from './types';
import { formatDate } from '../../lib/format';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { ListTable } from '../../lib/ListTable';
import { InstanceSection } from './InstanceSection';

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}

function Uptime({ label, period }: { label: string; period: InstanceHealth['uptime']['24h'] }) {
  // The theme's text shades of each colour, which read in light and dark schemes.
  const color =
    period.uptime === null
      ? 'dimmed'
      : `var(--mantine-color-${period.uptime >= 99.9 ? 'green' : period.uptime >= 99 ? 'orange' : 'red'}-text)`;
  return (
    <div>
      <Text size="sm" c="dimmed">
        Uptime, {label}
      </Text>
      <Text fw={700} size="xl" c={color} data-testid={`uptime-${label}`}>
        {period.uptime === null ? '—' : `${period.uptime}%`}
      </Text>
      <Text size="xs" c="dimmed">
        {period.checks === 0 ? 'No checks' : `${period.failed} of ${period.checks} checks failed`}
      </Text>
    </div>
  );
}

/**
 * The instance's health over time: uptime for 24 hours, 7 and 30 days, the last day's response
 * times, and the incidents (runs of failed checks) with start, end and duration.
 */
export function InstanceHealthCard({ uuid }: { uuid: string }) {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.instances.health.queryOptions({ uuid }),
    refetchInterval: 60_000,
  });

  return (
    <InstanceSection titleId="health-title">
      <Title order={2} size="h4" id="health-title" mb="sm">
        Health
      </Title>
      {query.isPending ? (
        <Stack aria-busy="true" gap="sm">
          <Skeleton height={48} />
          <Skeleton height={140} />
        </Stack>
      ) : query.isError ? (
        <ErrorAlert error={query.error} fallback="The health history could not be loaded." />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <Uptime label="24 hours" period={query.data.data.uptime['24h']} />
            <Uptime label="7 days" period={query.data.data.uptime['7d']} />
            <Uptime label="30 days" period={query.data.data.uptime['30d']} />
          </SimpleGrid>
          {query.data.data.checks.length === 0 ? (
            <Text size="sm" c="dimmed">
              No health checks yet. The worker checks each active instance every few minutes.
            </Text>
          ) : (
            <ResponseTimeChart checks={query.data.data.checks} />
          )}
          <div>
            <Title order={3} size="h5" mb="xs">
              Incidents in the last 30 days
            </Title>
            <ListTable
              emptyText="No incidents: every check in the last 30 days passed."
              columns={['Started', 'Ended', 'Duration', 'Failed checks']}
              minWidth={460}
              region="Incidents"
              aria-label="Incidents in the last 30 days"
            >
              {query.data.data.incidents.map((incident) => (
                <Table.Tr key={incident.started_at}>
                  <Table.Td>{formatDate(incident.started_at, true)}</Table.Td>
                  <Table.Td>
                    {incident.ended_at ? (
                      formatDate(incident.ended_at, true)
                    ) : (
                      <Group gap={4}>
                        <Text size="sm" c="var(--mantine-color-red-text)" fw={600}>
                          Ongoing
                        </Text>
                      </Group>
                    )}
                  </Table.Td>
                  <Table.Td>{duration(incident.duration_seconds)}</Table.Td>
                  <Table.Td>{incident.failed_checks}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </div>
        </Stack>
      )}
    </InstanceSection>
  );
}
