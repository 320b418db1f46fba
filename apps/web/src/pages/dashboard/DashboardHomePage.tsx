import { Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import {
  GettingStarted,
  NeedsAttention,
  OverviewTiles,
  SubscriptionSummary,
  VerificationBanner,
} from '../../features/dashboard';
import { useSession } from '../../features/session';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage, useTRPC } from '../../lib/trpc';

export default function DashboardHomePage() {
  usePageMeta('Dashboard');
  const { user, needsVerification } = useSession();
  const location = useLocation();
  const trpc = useTRPC();
  const overview = useQuery({
    ...trpc.dashboard.overview.queryOptions(),
    refetchInterval: 60_000,
  });
  const data = overview.data?.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Welcome back, {user?.name}!</Title>
          <Text c="dimmed">
            Manage your organizations, instances, subscription and support from here.
          </Text>
        </Stack>
        {needsVerification && user ? (
          // Remounted on each navigation, so the Needs attention link shows it again once dismissed.
          <VerificationBanner key={location.key} email={user.email} />
        ) : null}
        <OverviewTiles overview={data} loading={overview.isPending} />
        <NeedsAttention
          items={data?.needs_attention}
          loading={overview.isPending}
          error={
            overview.isError
              ? errorMessage(overview.error, 'We could not load what needs your attention.')
              : null
          }
        />
        {data && data.subscriptions.length > 0 ? (
          <SubscriptionSummary lines={data.subscriptions} />
        ) : null}
        <GettingStarted />
      </Stack>
    </Container>
  );
}
