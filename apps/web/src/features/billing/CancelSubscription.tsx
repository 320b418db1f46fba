import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatDate } from '../../lib/format';
import { useInvalidate, type Subscription } from './subscription-shared';

export function CancelSubscription({ sub }: { sub: Subscription }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
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
          notifications.show({ color: 'green', message: res.message ?? 'Subscription cancelled.' });
          await invalidate();
        } catch (err) {
          notifications.show({
            color: 'red',
            message: errorMessage(err, 'Failed to cancel subscription'),
          });
        }
      },
    });
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Cancel Subscription
        </Title>
        <Text size="sm">
          Your service will continue until the end of the current billing period.
        </Text>
        <Group>
          <Button color="red.9" variant="outline" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
