import { Alert, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { ChoosePlan } from './ChoosePlan';
import { BillingHistory } from './BillingHistory';
import { CancelSubscription } from './CancelSubscription';
import { ChangePlan } from './ChangePlan';
import { CurrentPlanCard, UpdatePaymentMethod } from './CurrentPlanCard';
import { ManageLocations } from './ManageLocations';

/** Everything for one organization: the current plan and its management, or Choose Your Plan. */
export function OrganizationBilling(props: {
  organizationUuid: string;
  provider: 'stripe' | 'test';
  publishableKey?: string | null;
  email?: string;
}) {
  const trpc = useTRPC();
  const subscription = useQuery(
    trpc.subscription.get.queryOptions({ organization_uuid: props.organizationUuid }),
  );
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
  return (
    <Stack>
      {subscription.isError && (
        <Alert color="red" role="alert">
          Failed to fetch subscription data
        </Alert>
      )}
      {live ? (
        <>
          <CurrentPlanCard sub={live} />
          {(live.status === 'past_due' || live.status === 'suspended') && (
            <UpdatePaymentMethod
              sub={live}
              provider={props.provider}
              publishableKey={props.publishableKey}
            />
          )}
          {live.status !== 'cancelled' && (
            <>
              <ChangePlan sub={live} />
              {live.plan_type === 'basic' && <ManageLocations sub={live} />}
              <BillingHistory organizationUuid={props.organizationUuid} />
              <CancelSubscription sub={live} />
            </>
          )}
        </>
      ) : (
        <ChoosePlan
          organizationUuid={props.organizationUuid}
          provider={props.provider}
          publishableKey={props.publishableKey}
          email={props.email}
        />
      )}
    </Stack>
  );
}
