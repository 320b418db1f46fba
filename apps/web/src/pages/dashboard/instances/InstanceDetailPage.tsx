import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconChartBar,
  IconExternalLink,
  IconPalette,
  IconPlayerPause,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { StatusBadge } from '@scmp/ui';
import {
  confirmSuspend,
  SUSPEND_CONSEQUENCE,
  SslBadge,
  sslDetail,
  isSettling,
  useInstanceStatus,
} from '../../../features/instances';
import { gate, RoleGate, useOrganizationRoles } from '../../../features/members';
import {
  DetailField,
  DetailPage,
  DetailPageLoading,
  DetailPageNotFound,
} from '../../../lib/DetailPage';
import { LazySection } from '../../../lib/LazySection';
import { usePageMeta } from '../../../lib/page-meta';
import { errorMessage, useTRPC } from '../../../lib/trpc';
import { formatDate } from '../../../lib/format';

// Below the details: loaded after the page's first chunks (issue 36).
const InstanceHealthCard = lazy(() =>
  import('../../../features/instances/InstanceHealthCard').then((m) => ({
    default: m.InstanceHealthCard,
  })),
);
const CustomDomainCard = lazy(() =>
  import('../../../features/instances/CustomDomainCard').then((m) => ({
    default: m.CustomDomainCard,
  })),
);

const BACK = { to: '/dashboard/instances', label: 'Back to Instances' };

function ManagementCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%">
        <Group gap="sm">
          {icon}
          <Title order={3} size="h5">
            {title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <div style={{ marginTop: 'auto' }}>{action}</div>
      </Stack>
    </Card>
  );
}

export default function InstanceDetailPage() {
  const { uuid = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.instances.get.queryOptions({ uuid }),
    // Fast while provisioning; every 30 s while the worker is checking a custom domain's DNS.
    refetchInterval: (q) => {
      const data = q.state.data?.data;
      if (!data) return false;
      if (isSettling(data)) return 2000;
      return data.custom_domain_status === 'pending_dns' ? 30_000 : false;
    },
  });
  const instance = query.data?.data;
  usePageMeta(instance ? instance.name : 'Instance');
  const status = useInstanceStatus();
  const roleOf = useOrganizationRoles();
  const remove = useMutation(
    trpc.instances.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.instances.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
        void navigate('/dashboard/instances', {
          state: { message: `Instance "${instance?.name ?? ''}" has been deleted successfully.` },
        });
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          message: errorMessage(error, 'Failed to delete instance. Please try again.'),
        }),
    }),
  );

  if (query.isPending) return <DetailPageLoading sections={[180]} />;
  if (query.isError || !instance) {
    return (
      <DetailPageNotFound
        title="Instance not found"
        description="The instance does not exist, or you do not have access to it."
        back={BACK}
      />
    );
  }

  const manage = gate(roleOf(instance.organization_uuid), 'manage');
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete instance',
      children: (
        <Text size="sm">
          Are you sure you want to delete the instance &quot;{instance.name}&quot;? Deletion is
          permanent and removes all of its data.
        </Text>
      ),
      labels: { confirm: 'Delete Instance', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate({ uuid: instance.uuid }),
    });

  return (
    <DetailPage
      back={BACK}
      title={instance.name}
      description={`Instance of ${instance.organization_name}`}
      actions={
        <>
          {instance.status === 'suspended' ? (
            <RoleGate {...manage}>
              <Button
                variant="light"
                color="green"
                onClick={() => status.mutate({ uuid: instance.uuid, action: 'resume' })}
                loading={status.isPending}
              >
                Resume
              </Button>
            </RoleGate>
          ) : null}
        </>
      }
    >
      <Card withBorder radius="md" padding="lg" mb="lg">
        <Title order={2} size="h4" mb="sm">
          Summary
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <DetailField label="Name">
            <Text>{instance.name}</Text>
          </DetailField>
          <DetailField label="Status">
            <Group gap="xs">
              <StatusBadge status={instance.status} />
              <SslBadge instance={instance} />
            </Group>
          </DetailField>
          <DetailField label="Organization">
            <Anchor component={Link} to={`/dashboard/organizations/${instance.organization_uuid}`}>
              {instance.organization_name}
            </Anchor>
          </DetailField>
          <DetailField label="URL">
            {instance.instance_url ? (
              <Anchor href={instance.instance_url} target="_blank" rel="noopener noreferrer">
                <Group gap={4} component="span">
                  {instance.instance_url}
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            ) : (
              <Text>—</Text>
            )}
          </DetailField>
          <DetailField label="Custom domain">
            <Text>{instance.custom_domain ?? 'None'}</Text>
          </DetailField>
          <DetailField label="Certificate">
            <Text size="sm">{sslDetail(instance)}</Text>
          </DetailField>
          <DetailField label="Provisioned">
            <Text>
              {instance.provisioned_at ? formatDate(instance.provisioned_at, true) : 'Not yet'}
            </Text>
          </DetailField>
          <DetailField label="Last health check">
            <Text>
              {instance.last_health_check
                ? `${formatDate(instance.last_health_check, true)} (${instance.last_health_status ?? 'unknown'})`
                : 'Not checked yet'}
            </Text>
          </DetailField>
        </SimpleGrid>
      </Card>

      <LazySection height={220}>
        <InstanceHealthCard uuid={instance.uuid} />
        <CustomDomainCard instance={instance} manage={manage} />
      </LazySection>

      <Title order={2} size="h4" mb="sm">
        Management
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <ManagementCard
          icon={<IconPalette size={20} aria-hidden />}
          title="Branding"
          text="Logo, colours and texts of this instance's portal."
          action={
            <Button component={Link} to={`/dashboard/branding/${instance.uuid}`} variant="light">
              Branding
            </Button>
          }
        />
        <ManagementCard
          icon={<IconSettings size={20} aria-hidden />}
          title="Settings"
          text="Instance configuration."
          action={
            <Group gap="xs">
              <Button variant="light" disabled>
                Settings
              </Button>
              <Badge color="gray" variant="light">
                Coming Soon
              </Badge>
            </Group>
          }
        />
        <ManagementCard
          icon={<IconChartBar size={20} aria-hidden />}
          title="Analytics"
          text="Usage and visitor statistics."
          action={
            <Group gap="xs">
              <Button variant="light" disabled>
                Analytics
              </Button>
              <Badge color="gray" variant="light">
                Coming Soon
              </Badge>
            </Group>
          }
        />
      </SimpleGrid>

      <Card
        withBorder
        radius="md"
        padding="lg"
        style={{ borderColor: 'var(--mantine-color-red-4)' }}
      >
        <Title order={2} size="h4" c="red.8" mb="xs">
          Danger Zone
        </Title>
        {instance.status === 'active' ? (
          <Group justify="space-between" wrap="wrap" mb="md">
            <Text size="sm">{SUSPEND_CONSEQUENCE}</Text>
            <RoleGate {...manage}>
              <Button
                variant="outline"
                color="red.9"
                leftSection={<IconPlayerPause size={16} />}
                onClick={() =>
                  confirmSuspend(instance.name, () =>
                    status.mutate({ uuid: instance.uuid, action: 'suspend' }),
                  )
                }
                loading={status.isPending}
              >
                Suspend
              </Button>
            </RoleGate>
          </Group>
        ) : null}
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">Deleting the instance is permanent and removes all of its data.</Text>
          <RoleGate {...manage}>
            <Button
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={confirmDelete}
              loading={remove.isPending}
            >
              Delete Instance
            </Button>
          </RoleGate>
        </Group>
      </Card>
    </DetailPage>
  );
}
