import { Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import { SectionCard } from '../../lib/SectionCard';
import { useTRPC } from '../../lib/trpc';
import { formatDate } from '../../lib/format';
import { useChanged, type Subscription } from './subscription-shared';
import { PendingButton } from '../../lib/PendingButton';

export function CancelSubscription({ sub }: { sub: Subscription }) {
  const trpc = useTRPC();
  const changed = useChanged();
  const cancel = useMutation(trpc.subscription.cancel.mutationOptions());
  const confirm = () =>
    modals.openConfirmModal({
      title: 'Cancel subscription',
      children: (
        <Text size="sm">
          Are you sure you want to cancel your subscription? Your service will continue until the
          end of the current billing period
          {sub.next_billing_date ? ` (${formatDate(sub.next_billing_date, 'long')})` : ''}.
        </Text>
      ),
      labels: { confirm: 'Yes, cancel subscription', cancel: 'Keep subscription' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          const res = await cancel.mutateAsync({ organization_uuid: sub.organization_uuid });
          await changed(res, 'Subscription cancelled.');
        } catch (err) {
          notifyError('Failed to cancel subscription')(err);
        }
      },
    });
  return (
    <SectionCard title="Cancel Subscription">
      <Text size="sm">Your service will continue until the end of the current billing period.</Text>
      <Group>
        <PendingButton
          color="red.9"
          variant="outline"
          onClick={confirm}
          pending={cancel.isPending}
          pendingLabel="Cancelling..."
        >
          Cancel Subscription
        </PendingButton>
      </Group>
    </SectionCard>
  );
}
