import { Anchor, Grid, Skeleton, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ComponentType } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  FigureTiles,
  FleetSummary,
  PastDueList,
  RevenueCharts,
  StaffOnly,
  TicketFigures,
} from '../../../features/staff';
import { DashboardPage } from '../../../lib/DashboardPage';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { ErrorAlert } from '../../../lib/ErrorAlert';
import { lazyParts } from '../../../lib/lazy-parts';

// The tabs other than the overview are fetched when first opened, not before the page draws.
const { CustomersList, InstancesList, RetentionSummary } = lazyParts({
  CustomersList: () => import('../../../features/staff/CustomersList'),
  InstancesList: () => import('../../../features/staff/InstancesList'),
  RetentionSummary: () => import('../../../features/staff/RetentionSummary'),
});

/** The console's tabs; all but the overview are fetched when first opened (`lazy`). */
const TAB_LIST: { value: string; label: string; Panel: ComponentType; lazy?: boolean }[] = [
  { value: 'overview', label: 'Overview', Panel: Overview },
  { value: 'customers', label: 'Customers', Panel: CustomersList, lazy: true },
  { value: 'instances', label: 'Instances', Panel: InstancesList, lazy: true },
  { value: 'retention', label: 'Data retention', Panel: RetentionSummary, lazy: true },
];

function Overview() {
  const trpc = useTRPC();
  const overview = useQuery({ ...trpc.staff.overview.queryOptions(), refetchInterval: 60_000 });
  const data = overview.data?.data;
  if (overview.isError) {
    return (
      <ErrorAlert
        error={overview.error}
        fallback="Please try again in a moment."
        title="The figures could not be loaded"
      />
    );
  }
  return (
    <Stack gap="lg">
      <FigureTiles overview={data} />
      <RevenueCharts overview={data} />
      {data ? (
        <Grid>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <PastDueList pastDue={data.past_due} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Stack gap="lg">
              <TicketFigures tickets={data.tickets} />
              <FleetSummary fleet={data.fleet} />
            </Stack>
          </Grid.Col>
        </Grid>
      ) : (
        <Skeleton h={240} aria-busy="true" aria-label="Loading the lists" />
      )}
    </Stack>
  );
}

function OperatorConsole() {
  usePageMeta('Operator console');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = TAB_LIST.some((t) => t.value === asked) ? asked! : 'overview';
  return (
    <DashboardPage
      size="xl"
      title="Operator console"
      description="How SCMP is doing: customers, revenue, the fleet and support."
      actions={
        <Anchor component={Link} to="/dashboard/support/staff">
          Ticket queue
        </Anchor>
      }
    >
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'overview' ? { tab: value } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          {TAB_LIST.map(({ value, label }) => (
            <Tabs.Tab key={value} value={value}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TAB_LIST.map(({ value, Panel, lazy }) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            {lazy ? (
              <Suspense fallback={<Skeleton h={240} aria-busy="true" />}>
                <Panel />
              </Suspense>
            ) : (
              <Panel />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </DashboardPage>
  );
}

/** /dashboard/staff: staff only (everyone else sees the not-found page). */
export default function OperatorConsolePage() {
  return (
    <StaffOnly>
      <OperatorConsole />
    </StaffOnly>
  );
}
