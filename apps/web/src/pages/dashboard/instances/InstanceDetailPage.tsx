import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isSettling, useInstanceStatus } from '../../../features/instances';
import { gate, RoleGate, useOrganizationRoles } from '../../../features/members';
import { DetailPage, DetailPageLoading, DetailPageNotFound } from '../../../lib/DetailPage';
import { LazySection } from '../../../lib/LazySection';
import { usePageMeta } from '../../../lib/page-meta';
import { errorMessage, useTRPC } from '../../../lib/trpc';
import { InstanceDangerZoneCard } from './InstanceDangerZoneCard';
import { InstanceManagementSection } from './InstanceManagementSection';
import { InstanceSummaryCard } from './InstanceSummaryCard';
import { confirmDanger } from '../../../lib/confirm-danger';

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
    confirmDanger({
      title: 'Delete instance',
      message: (
        <>
          Are you sure you want to delete the instance &quot;{instance.name}&quot;? Deletion is
          permanent and removes all of its data.
        </>
      ),
      confirm: 'Delete Instance',
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
      <InstanceSummaryCard instance={instance} />

      <LazySection height={220}>
        <InstanceHealthCard uuid={instance.uuid} />
        <CustomDomainCard instance={instance} manage={manage} />
      </LazySection>

      <InstanceManagementSection instance={instance} />

      <InstanceDangerZoneCard
        instance={instance}
        manage={manage}
        status={status}
        remove={remove}
        confirmDelete={confirmDelete}
      />
    </DetailPage>
  );
}
