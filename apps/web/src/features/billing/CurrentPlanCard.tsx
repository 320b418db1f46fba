import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../lib/SectionCard';
import { useTRPC } from '../../lib/trpc';
import { money, statusColor } from './format';
import { formatDate } from '../../lib/format';
import { PaymentForm, type PaymentResult } from './PaymentForm';
import { useChanged, type Subscription } from './subscription-shared';

export function CurrentPlanCard({ sub }: { sub: Subscription }) {
  return (
    <Card withBorder radius="md" p="lg" data-testid="current-plan">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h3">
            Current Plan
          </Title>
          <Badge color={statusColor(sub.status)} variant="light" data-testid="subscription-status">
            {sub.status}
          </Badge>
        </Group>
        <Text fz={20} fw={700}>
          {sub.plan_name} plan
        </Text>
        <Text>
          {money(sub.price_monthly_pence)}
          <Text span c="dimmed" size="sm">
            {' '}
            per month
          </Text>
        </Text>
        <Text size="sm">
          Locations: {sub.current_location_count} of{' '}
          {sub.location_limit === -1 ? 'unlimited' : sub.location_limit} used
        </Text>
        {sub.next_billing_date && (
          <Text size="sm">Next billing date: {formatDate(sub.next_billing_date, 'long')}</Text>
        )}
        {sub.payment_method && (
          <Text size="sm" c="dimmed">
            Payment method:{' '}
            {sub.payment_method.type === 'card'
              ? sub.payment_method.brand.toUpperCase()
              : 'SEPA Direct Debit'}{' '}
            •••• {sub.payment_method.last4}
          </Text>
        )}
        {sub.status === 'cancelled' && (
          <Alert color="red" variant="light">
            {`Your subscription is cancelled and will end on ${formatDate(sub.service_ends_at, 'long')}.`}
          </Alert>
        )}
        {sub.status === 'past_due' && (
          <Alert color="red" variant="light">
            Your payment is past due. Please update your payment method to avoid service
            interruption.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}

/** Past due or suspended: replace the card; the failed payment is retried at once. */
export function UpdatePaymentMethod({
  sub,
  provider,
  publishableKey,
}: {
  sub: Subscription;
  provider: 'stripe' | 'test';
  publishableKey?: string | null;
}) {
  const trpc = useTRPC();
  const changed = useChanged();
  const [open, setOpen] = useState(false);
  const update = useMutation(trpc.subscription.updatePaymentMethod.mutationOptions());
  const submit = async (result: PaymentResult) => {
    const res = await update.mutateAsync({
      organization_uuid: sub.organization_uuid,
      payment_method_id: result.payment_method_id,
    });
    setOpen(false);
    await changed(res, 'Payment method updated successfully.');
  };
  return (
    <SectionCard title="Update Payment Method">
      {open ? (
        <PaymentForm
          provider={provider}
          publishableKey={publishableKey}
          organizationUuid={sub.organization_uuid}
          submitLabel="Update payment method"
          busy={update.isPending}
          onSubmit={submit}
          onCancel={() => setOpen(false)}
        />
      ) : (
        <Group>
          <Button onClick={() => setOpen(true)}>Update payment method</Button>
        </Group>
      )}
    </SectionCard>
  );
}
