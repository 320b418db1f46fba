import { Button, Card, Group, Paper, Skeleton, Tabs, Text, Title } from '@mantine/core';
import { IconEdit, IconPalette, IconPlus, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { can } from '@scmp/api/contracts/roles';
import { StatusBadge } from '@scmp/ui';
import { pollWhileSettling } from '../../../features/instances';
import { RoleBadge, gate, RoleGate } from '../../../features/members';
import { OrganizationTypeIcon, typeLabel, useSiteConfig } from '../../../features/organizations';
import { ClosingBanner } from '../../../features/privacy';
import { DetailPage, DetailPageFallback } from '../../../lib/DetailPage';
import { usePageMeta } from '../../../lib/page-meta';
import { useReturnFocusOnClose } from '../../../lib/return-focus';
import { useTRPC } from '../../../lib/trpc';
import { OrganizationDetailsCard } from './OrganizationDetailsCard';
import { OrganizationInstancesTable } from './OrganizationInstancesTable';
import { ErrorAlert } from '../../../lib/ErrorAlert';
import { SkeletonRows } from '../../../lib/ListState';
import { lazyParts } from '../../../lib/lazy-parts';

// The Security tab (SSO domains and connections) is drawn by owners and admins only, when opened:
// its code loads then, not with the page. So do the other tabs and the edit form (issue 36: the
// page draws within 170 KB of script).
const {
  SecurityPanel,
  MembersPanel,
  WebhooksPanel,
  OrganizationDataCard,
  CloseOrganizationCard,
  EditOrganizationForm,
} = lazyParts({
  SecurityPanel: () => import('../../../features/sso'),
  MembersPanel: () => import('../../../features/members/MembersPanel'),
  WebhooksPanel: () => import('../../../features/webhooks/WebhooksPanel'),
  OrganizationDataCard: () => import('../../../features/privacy/OrganizationDataCard'),
  CloseOrganizationCard: () => import('../../../features/privacy/CloseOrganization'),
  EditOrganizationForm: () => import('../../../features/organizations/EditOrganizationForm'),
});

const BACK = { to: '/dashboard/organizations', label: 'Back to Organisations' };

/** The tabs after Overview, each one panel of its own loaded when first opened. */
const TAB_PANELS = [
  ['members', MembersPanel],
  ['webhooks', WebhooksPanel],
  ['security', SecurityPanel],
] as const;

/** A header button leading to another page about the organization. */
function LinkButton({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Button variant="default" component={Link} to={to} leftSection={icon}>
      {children}
    </Button>
  );
}

export default function OrganizationDetailPage() {
  const { orgUuid = '' } = useParams();
  const trpc = useTRPC();
  const { tenantDomain } = useSiteConfig();
  const [editing, setEditing] = useState(false);
  const editButton = useReturnFocusOnClose<HTMLButtonElement>(editing);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab =
    requested === 'members' || requested === 'webhooks' || requested === 'security'
      ? requested
      : 'overview';
  const query = useQuery(trpc.organizations.get.queryOptions({ id: orgUuid }));
  const org = query.data?.data;
  usePageMeta(org ? org.name : 'Organization');
  const instances = useQuery({
    ...trpc.instances.list.queryOptions({ organization_id: orgUuid }),
    enabled: !!org,
    refetchInterval: (q) => pollWhileSettling(q.state.data),
  });
  if (query.isError || !org) {
    return (
      <DetailPageFallback query={query} what="Organization" sections={[160, 120]} back={BACK} />
    );
  }

  const list = instances.data?.data ?? [];
  const manage = gate(org.role, 'manage');
  return (
    <DetailPage
      back={BACK}
      title={
        <Group gap="sm" component="span">
          <OrganizationTypeIcon type={org.type} />
          {org.name}
          <StatusBadge status={org.status} />
          <RoleBadge role={org.role} />
        </Group>
      }
      description={typeLabel(org.type)}
      actions={
        <>
          <RoleGate {...manage}>
            <Button
              ref={editButton}
              variant="default"
              leftSection={<IconEdit size={16} />}
              onClick={() => setEditing(true)}
              disabled={editing}
            >
              Edit
            </Button>
          </RoleGate>
          <LinkButton to={`/dashboard/branding/${org.uuid}`} icon={<IconPalette size={16} />}>
            Branding
          </LinkButton>
          <RoleGate {...manage}>
            <LinkButton to={`/dashboard/tenant/${org.uuid}`} icon={<IconWorld size={16} />}>
              Subdomain
            </LinkButton>
          </RoleGate>
        </>
      }
    >
      <ClosingBanner organization={org} />
      <Tabs
        value={tab}
        onChange={(value) =>
          setSearchParams(
            value === 'members' || value === 'webhooks' || value === 'security'
              ? { tab: value }
              : {},
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="members">Members</Tabs.Tab>
          {can(org.role, 'manage') ? <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab> : null}
          {can(org.role, 'manage') ? <Tabs.Tab value="security">Security</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="overview">
          {editing ? (
            <Paper withBorder radius="md" p="lg" mb="lg">
              <Title order={2} size="h4" mb="md">
                Edit Organisation
              </Title>
              <Suspense fallback={<Skeleton h={160} />}>
                <EditOrganizationForm organization={org} onDone={() => setEditing(false)} />
              </Suspense>
            </Paper>
          ) : null}

          <OrganizationDetailsCard org={org} tenantDomain={tenantDomain} />

          <Card withBorder radius="md" padding="lg">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                Instances
              </Title>
              <RoleGate {...manage}>
                <Button
                  component={Link}
                  to="/dashboard/instances"
                  leftSection={<IconPlus size={16} />}
                >
                  Create Instance
                </Button>
              </RoleGate>
            </Group>
            {instances.isPending ? (
              <SkeletonRows count={2} height={20} />
            ) : instances.isError ? (
              <ErrorAlert error={instances.error} fallback="Failed to fetch data" />
            ) : list.length === 0 ? (
              <Text c="dimmed">No instances yet.</Text>
            ) : (
              <OrganizationInstancesTable list={list} />
            )}
          </Card>
          <Suspense fallback={<Skeleton h={160} />}>
            {can(org.role, 'manage') ? <OrganizationDataCard organization={org} /> : null}
            <CloseOrganizationCard organization={org} />
          </Suspense>
        </Tabs.Panel>
        {TAB_PANELS.map(([value, Panel]) => (
          <Tabs.Panel key={value} value={value}>
            <Suspense fallback={<Skeleton h={160} />}>
              <Panel organization={org} />
            </Suspense>
          </Tabs.Panel>
        ))}
      </Tabs>
    </DetailPage>
  );
}
