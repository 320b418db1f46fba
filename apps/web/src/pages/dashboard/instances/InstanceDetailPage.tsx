import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isSettling, useInstanceStatus } from '../../../features/instances';
import { gate, RoleGate, useOrganizationRoles } from '../../../features/members';
import { DetailPage, DetailPageFallback } from '../../../lib/DetailPage';
import { LazySection } from '../../../lib/LazySection';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { InstanceDangerZoneCard } from './InstanceDangerZoneCard';
import { InstanceManagementSection } from './InstanceManagementSection';
import { InstanceSummaryCard } from './InstanceSummaryCard';
import { lazyNamed } from '../../../lib/lazy-named';

// Below the details: loaded after the page's first chunks (issue 36).
const InstanceHealthCard = lazyNamed(
  () => import('../../../features/instances/InstanceHealthCard'),
  'InstanceHealthCard',
);
const CustomDomainCard = lazyNamed(
  () => import('../../../features/instances/CustomDomainCard'),
  'CustomDomainCard',
);

const BACK = { to: '/dashboard/instances', label: 'Back to Instances' };

export default function InstanceDetailPage() {
  const { uuid = '' } = useParams();
  const trpc = useTRPC();
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
  if (query.isError || !instance) {
    return <DetailPageFallback query={query} what="Instance" sections={[180]} back={BACK} />;
  }

  const manage = gate(roleOf(instance.organization_uuid), 'manage');

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

      <InstanceDangerZoneCard instance={instance} manage={manage} status={status} />
    </DetailPage>
  );
}
