import { Anchor, Grid, Skeleton, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
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

// The tabs other than the overview are fetched when first opened, not before the page draws.
const CustomersList = lazy(() =>
  import('../../../features/staff/CustomersList').then((m) => ({ default: m.CustomersList })),
);
const InstancesList = lazy(() =>
  import('../../../features/staff/InstancesList').then((m) => ({ default: m.InstancesList })),
);
const RetentionSummary = lazy(() =>
  import('../../../features/staff/RetentionSummary').then((m) => ({
    default: m.RetentionSummary,
  })),
);

const TABS = ['overview', 'customers', 'instances', 'retention'] as const;
type Tab = (typeof TABS)[number];

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
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'overview';
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
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="customers">Customers</Tabs.Tab>
          <Tabs.Tab value="instances">Instances</Tabs.Tab>
          <Tabs.Tab value="retention">Data retention</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="lg">
          <Overview />
        </Tabs.Panel>
        <Tabs.Panel value="customers" pt="lg">
          <Suspense fallback={<Skeleton h={240} aria-busy="true" />}>
            <CustomersList />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="instances" pt="lg">
          <Suspense fallback={<Skeleton h={240} aria-busy="true" />}>
            <InstancesList />
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="retention" pt="lg">
          <Suspense fallback={<Skeleton h={240} aria-busy="true" />}>
            <RetentionSummary />
          </Suspense>
        </Tabs.Panel>
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
