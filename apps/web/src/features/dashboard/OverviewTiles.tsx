import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuilding, IconCreditCard, IconHeadset, IconServer } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MANAGED_BY_OWNER, parts, type DashboardOverview } from './types';

type Tile = {
  to: string;
  title: string;
  icon: ReactNode;
  /** The big figure (none when there is no figure to show), its unit and the line under it. */
  figure: (o: DashboardOverview) => { value: number | null; unit: string; detail: string };
  description: string;
};

const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** A figure that counts `noun`s, with the parts that are not zero under it (or `none`). */
const counted = (value: number, noun: string, detail: [number, string][], none = 'None yet') => ({
  value,
  unit: plural(value, noun),
  detail: parts(detail, none),
});

const TILES: Tile[] = [
  {
    to: '/dashboard/organizations',
    title: 'Organizations',
    icon: <IconBuilding size={22} />,
    description: 'Create and manage your schools, nurseries and camps.',
    figure: ({ organizations: o }) =>
      counted(o.total, 'organization', [
        [o.by_status.active, 'active'],
        [o.by_status.pending, 'pending'],
        [o.by_status.inactive, 'inactive'],
        [o.by_status.closing, 'closing'],
      ]),
  },
  {
    to: '/dashboard/instances',
    title: 'Instances',
    icon: <IconServer size={22} />,
    description: 'Deploy and manage your hosted, branded portals.',
    figure: ({ instances: i }) =>
      counted(i.total, 'instance', [
        [i.by_health.healthy, 'healthy'],
        [i.by_health.unhealthy, 'unhealthy'],
        [i.by_health.unchecked, 'not checked yet'],
        [i.by_status.suspended, 'suspended'],
        [i.by_status.pending + i.by_status.provisioning, 'being set up'],
      ]),
  },
  {
    to: '/dashboard/subscription',
    title: 'Subscription',
    icon: <IconCreditCard size={22} />,
    description: 'Choose a plan, manage billing and download invoices.',
    figure: ({ subscriptions }) => {
      const count = (state: string) => subscriptions.filter((s) => s.state === state).length;
      const live = count('active') + count('past_due') + count('suspended');
      // A member's role does not include billing: say whose business it is, never "0" (issue 40).
      if (subscriptions.length > 0 && count('hidden') === subscriptions.length) {
        return {
          value: null,
          unit: MANAGED_BY_OWNER,
          detail: 'Your role does not include billing.',
        };
      }
      return counted(
        live,
        'subscription',
        [
          [count('active'), 'active'],
          [count('past_due'), 'past due'],
          [count('suspended'), 'suspended'],
          [count('cancelled'), 'cancelled'],
          [count('none'), 'without a plan'],
          [count('hidden'), 'managed by the owner'],
        ],
        'No plan yet',
      );
    },
  },
  {
    to: '/dashboard/support',
    title: 'Support',
    icon: <IconHeadset size={22} />,
    description: 'Raise a ticket and follow the replies from our team.',
    figure: ({ tickets: t }) => ({
      value: t.open,
      unit: `open ${plural(t.open, 'ticket')}`,
      detail:
        t.awaiting_reply > 0
          ? `${t.awaiting_reply} awaiting your answer`
          : t.open > 0
            ? 'With our team'
            : 'Nothing open',
    }),
  },
];

/** The four section tiles of the dashboard home, each with its figures and a link to the section. */
export function OverviewTiles({
  overview,
  loading,
}: {
  overview: DashboardOverview | undefined;
  loading: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {TILES.map((tile) => {
        const id = `tile-${tile.title.toLowerCase()}`;
        const figure = overview ? tile.figure(overview) : null;
        return (
          <Card
            key={tile.to}
            component={Link}
            to={tile.to}
            withBorder
            padding="md"
            radius="md"
            aria-label={tile.title}
            aria-describedby={id}
            style={{ textDecoration: 'none' }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Title order={2} size="h4">
                {tile.title}
              </Title>
              <ThemeIcon size={36} radius="md" variant="light" aria-hidden visibleFrom="xs">
                {tile.icon}
              </ThemeIcon>
            </Group>
            {/* Room for the figure and two lines of detail whether loading or loaded, so a
                detail that wraps (many organizations) never pushes the page down (no layout shift). */}
            <div id={id} style={{ minHeight: 90 }}>
              {figure ? (
                <>
                  {figure.value === null ? (
                    <Text mt="xs" size="sm" fw={600} data-testid={`${id}-text`}>
                      {figure.unit}
                    </Text>
                  ) : (
                    <Text mt="xs" size="sm">
                      <Text span fz={26} fw={700} lh={1.2} mr={6} data-testid={`${id}-value`}>
                        {figure.value}
                      </Text>
                      {figure.unit}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed" mt={4}>
                    {figure.detail}
                  </Text>
                </>
              ) : loading ? (
                <>
                  <Skeleton h={30} w={80} mt="xs" />
                  <Skeleton h={14} mt={8} />
                </>
              ) : (
                <Text size="sm" c="dimmed" mt="xs">
                  {tile.description}
                </Text>
              )}
            </div>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
