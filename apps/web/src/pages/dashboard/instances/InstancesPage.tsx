import { Alert, Button, Card, Container, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconServer } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { can, ORGANIZATION_PERMISSIONS } from '@scmp/api/contracts/roles';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState, PageHeader } from '@scmp/ui';
import {
  DeployInstanceForm,
  InstanceCard,
  InstanceUptimeRow,
  UPTIME_DAYS,
  hasActivePlan,
  pollWhileSettling,
  useInstanceStatus,
} from '../../../features/instances';
import { gate } from '../../../features/members';
import { useSiteConfig } from '../../../features/organizations';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { ErrorAlert } from '../../../lib/ErrorAlert';

export default function InstancesPage() {
  usePageMeta('Instances');
  const trpc = useTRPC();
  const location = useLocation();
  const navigate = useNavigate();
  const { instanceDomain } = useSiteConfig();
  // ?organization={uuid} preselects that organization in the deploy form.
  const [searchParams] = useSearchParams();
  // The success banner comes from navigation state and is cleared once read.
  const [banner, setBanner] = useState<string | null>(
    () => (location.state as { message?: string } | null)?.message ?? null,
  );
  useEffect(() => {
    if ((location.state as { message?: string } | null)?.message) {
      void navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [location, navigate]);

  const organizations = useQuery(trpc.organizations.list.queryOptions({}));
  // Each organization's plan, so the deploy form can say when one is missing.
  const overview = useQuery(trpc.dashboard.overview.queryOptions());
  const planLines = overview.data
    ? new Map(overview.data.data.subscriptions.map((l) => [l.organization_uuid, l]))
    : null;
  const instances = useQuery({
    ...trpc.instances.list.queryOptions({}),
    refetchInterval: (q) => pollWhileSettling(q.state.data),
  });
  const uptime = useQuery({
    ...trpc.instances.uptime.queryOptions({ days: UPTIME_DAYS }),
    refetchInterval: 5 * 60_000,
  });
  const uptimeOf = new Map((uptime.data?.data.instances ?? []).map((u) => [u.uuid, u]));
  const status = useInstanceStatus();
  const orgs = organizations.data?.data ?? [];
  const list = instances.data?.data ?? [];
  // Deploying needs the owner or an admin role; other members see the instances only.
  const deployable = orgs.filter((o) => can(o.role, 'manage'));
  const roleOf = new Map(orgs.map((o) => [o.uuid, o.role]));
  const loading = organizations.isPending || instances.isPending;

  return (
    <Container size="lg" py="xl">
      <PageHeader
        title="Instances"
        description="Deploy and manage the hosted portals of your organizations."
      />
      {banner ? (
        <Alert color="green" withCloseButton onClose={() => setBanner(null)} mb="lg" role="status">
          {banner}
        </Alert>
      ) : null}
      {loading ? (
        <Stack aria-busy="true">
          <Skeleton height={180} />
          <Skeleton height={120} />
        </Stack>
      ) : organizations.isError || instances.isError ? (
        <ErrorAlert
          error={organizations.error ?? instances.error}
          fallback="Failed to fetch data"
        />
      ) : orgs.length === 0 ? (
        <EmptyState
          icon={<IconServer size={28} />}
          title="No organizations yet"
          order={2}
          description="Instances belong to an organization. Create an organization first."
          action={
            <Button component={Link} to="/dashboard/organizations">
              Go to Organizations
            </Button>
          }
        />
      ) : (
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="md">
              Deploy New Instance
            </Title>
            {deployable.length > 0 ? (
              <DeployInstanceForm
                organizations={deployable}
                instanceDomain={instanceDomain}
                initialOrganizationUuid={searchParams.get('organization')}
                hasPlan={planLines ? (uuid) => hasActivePlan(planLines.get(uuid)) : undefined}
              />
            ) : (
              <Text c="dimmed" data-testid="deploy-not-allowed">
                {ORGANIZATION_PERMISSIONS.manage.denied}
              </Text>
            )}
          </Paper>
          <Stack gap="md">
            <Title order={2} size="h4">
              Your Instances
            </Title>
            {list.length === 0 ? (
              <Card withBorder radius="md" padding="lg">
                <Text c="dimmed">No instances yet. Deploy your first one above.</Text>
              </Card>
            ) : (
              list.map((instance) => (
                <InstanceCard
                  key={instance.uuid}
                  instance={instance}
                  manage={gate(roleOf.get(instance.organization_uuid), 'manage')}
                  busy={status.isPending && status.variables?.uuid === instance.uuid}
                  onAction={(action) => status.mutate({ uuid: instance.uuid, action })}
                  uptime={
                    <InstanceUptimeRow
                      loading={uptime.isPending}
                      failed={uptime.isError}
                      uptime={uptimeOf.get(instance.uuid)}
                    />
                  }
                />
              ))
            )}
          </Stack>
        </Stack>
      )}
    </Container>
  );
}
