import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { can, ORGANIZATION_PERMISSIONS, type OrganizationRole } from '@scmp/api/contracts/roles';
import { LazySection } from '../../lib/LazySection';
import { useTRPC } from '../../lib/trpc';
import { CurrentPlanCard, UpdatePaymentMethod } from './CurrentPlanCard';
import { SubscriptionSuccess, type Purchase } from './SubscriptionSuccess';
import { lazyNamed } from '../../lib/lazy-named';

// Under the current plan: loaded after the page's first chunks (issue 36).
const ChoosePlan = lazyNamed(() => import('./ChoosePlan'), 'ChoosePlan');
const ChangePlan = lazyNamed(() => import('./ChangePlan'), 'ChangePlan');
const ManageLocations = lazyNamed(() => import('./ManageLocations'), 'ManageLocations');
const InvoicedChart = lazyNamed(() => import('./InvoicedChart'), 'InvoicedChart');
const BillingHistory = lazyNamed(() => import('./BillingHistory'), 'BillingHistory');
const CancelSubscription = lazyNamed(() => import('./CancelSubscription'), 'CancelSubscription');

/**
 * Everything for one organization: the current plan and its management, or Choose Your Plan.
 * The caller's role decides what is shown (the server refuses the rest anyway): a member sees a
 * note instead of billing, an admin sees the plan and history without the buttons that change it.
 */
export function OrganizationBilling(props: {
  organizationUuid: string;
  role: OrganizationRole;
  provider: 'stripe' | 'test';
  publishableKey?: string | null;
  email?: string;
}) {
  const trpc = useTRPC();
  const canView = can(props.role, 'viewBilling');
  const canManage = can(props.role, 'manageBilling');
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const subscription = useQuery({
    ...trpc.subscription.get.queryOptions({ organization_uuid: props.organizationUuid }),
    enabled: canView,
  });
  if (!canView) {
    return (
      <Alert color="blue" role="status" data-testid="billing-not-allowed">
        {ORGANIZATION_PERMISSIONS.viewBilling.denied}
      </Alert>
    );
  }
  if (subscription.isLoading) {
    return (
      <Stack data-testid="subscription-loading">
        <Skeleton height={160} radius="md" />
        <Skeleton height={240} radius="md" />
      </Stack>
    );
  }
  const sub = subscription.data?.data ?? null;
  const live = sub && sub.status !== 'expired' ? sub : null;
  const readOnly = (
    <Alert color="blue" role="status" data-testid="billing-read-only">
      {ORGANIZATION_PERMISSIONS.manageBilling.denied}
    </Alert>
  );
  return (
    <Stack>
      {purchase && live && (
        <SubscriptionSuccess
          purchase={purchase}
          organizationUuid={props.organizationUuid}
          onClose={() => setPurchase(null)}
        />
      )}
      {subscription.isError && (
        <Alert color="red" role="alert">
          Failed to fetch subscription data
        </Alert>
      )}
      {live ? (
        <>
          <CurrentPlanCard sub={live} />
          {!canManage && readOnly}
          {canManage && (live.status === 'past_due' || live.status === 'suspended') && (
            <UpdatePaymentMethod
              sub={live}
              provider={props.provider}
              publishableKey={props.publishableKey}
            />
          )}
          {live.status !== 'cancelled' && (
            <LazySection height={240}>
              {canManage && <ChangePlan sub={live} />}
              {canManage && live.plan_type === 'basic' && <ManageLocations sub={live} />}
              <InvoicedChart organizationUuid={props.organizationUuid} />
              <BillingHistory organizationUuid={props.organizationUuid} />
              {canManage && <CancelSubscription sub={live} />}
            </LazySection>
          )}
        </>
      ) : !canManage ? (
        readOnly
      ) : (
        <LazySection height={240}>
          <ChoosePlan
            organizationUuid={props.organizationUuid}
            provider={props.provider}
            publishableKey={props.publishableKey}
            email={props.email}
            onSubscribed={setPurchase}
          />
        </LazySection>
      )}
    </Stack>
  );
}
