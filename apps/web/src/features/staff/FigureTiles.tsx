import { Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { formatDuration, formatPence, plural, type StaffOverview } from './types';

type Tile = { title: string; value: string; detail: string; testId: string };

function tiles(o: StaffOverview): Tile[] {
  const subs = o.subscriptions.reduce(
    (s, p) => ({ inForce: s.inForce + p.in_force, pastDue: s.pastDue + p.past_due }),
    { inForce: 0, pastDue: 0 },
  );
  const orgs = o.organizations.active + o.organizations.pending + o.organizations.inactive;
  const live = o.fleet.by_health.healthy + o.fleet.by_health.unhealthy + o.fleet.by_health.unknown;
  return [
    {
      title: 'Customers',
      value: String(o.customers.accounts),
      detail: `${o.customers.verified} verified ${plural(o.customers.verified, 'account')}`,
      testId: 'tile-customers',
    },
    {
      title: 'Organizations',
      value: String(orgs),
      detail: `${o.organizations.active} active · ${o.organizations.pending} pending · ${o.organizations.inactive} inactive`,
      testId: 'tile-organizations',
    },
    {
      title: 'Monthly recurring revenue',
      value: formatPence(o.mrr.mrr_pence),
      detail: `${subs.inForce} ${plural(subs.inForce, 'subscription')} in force (${subs.pastDue} past due)`,
      testId: 'tile-mrr',
    },
    {
      title: 'Subscriptions by plan',
      value: String(subs.inForce),
      detail: o.subscriptions.map((p) => `${p.in_force} ${p.plan}`).join(' · '),
      testId: 'tile-plans',
    },
    {
      title: 'Instances',
      value: String(live),
      detail: `${o.fleet.by_health.healthy} healthy · ${o.fleet.by_health.unhealthy} unhealthy · ${o.fleet.by_health.unknown} not checked`,
      testId: 'tile-fleet',
    },
    {
      title: 'Support queue',
      value: String(o.tickets.open),
      detail:
        `${o.tickets.waiting_on_staff} waiting on staff · first reply ` +
        (o.tickets.median_first_response_seconds === null
          ? 'not measured yet'
          : `${formatDuration(o.tickets.median_first_response_seconds)} (median, 30 days)`),
      testId: 'tile-tickets',
    },
  ];
}

/** The console's headline figures, one card each. */
export function FigureTiles({ overview }: { overview: StaffOverview | undefined }) {
  if (!overview) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} aria-busy="true" aria-label="Loading figures">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} h={112} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
      {tiles(overview).map((tile) => (
        <Card key={tile.title} withBorder radius="md" padding="md" data-testid={tile.testId}>
          <Title order={2} size="sm" fw={600} c="gray.7">
            {tile.title}
          </Title>
          <Text fz={28} fw={700} lh={1.3}>
            {tile.value}
          </Text>
          <Text size="sm" c="gray.7">
            {tile.detail}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
