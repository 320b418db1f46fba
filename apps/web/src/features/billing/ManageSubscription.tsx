import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PLAN_LIST, type PlanId } from '@scmp/api/contracts';
import { useState } from 'react';
import { getStoredToken } from '../../lib/token';
import { errorMessage, useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';
import { formatDate, invoiceStatusColor, money, newIdempotencyKey, statusColor } from './format';
import { PaymentForm, type PaymentResult } from './PaymentForm';

export type Subscription = NonNullable<RouterOutputs['subscription']['get']['data']>;
type HistoryItem = RouterOutputs['subscription']['billingHistory']['data'][number];

function useInvalidate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.subscription.pathKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.organizations.pathKey() });
  };
}

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
          <Text size="sm">Next billing date: {formatDate(sub.next_billing_date)}</Text>
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
            {`Your subscription is cancelled and will end on ${formatDate(sub.service_ends_at)}.`}
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
  const invalidate = useInvalidate();
  const [open, setOpen] = useState(false);
  const update = useMutation(trpc.subscription.updatePaymentMethod.mutationOptions());
  const submit = async (result: PaymentResult) => {
    const res = await update.mutateAsync({
      organization_uuid: sub.organization_uuid,
      payment_method_id: result.payment_method_id,
    });
    notifications.show({
      color: 'green',
      message: res.message ?? 'Payment method updated successfully.',
    });
    setOpen(false);
    await invalidate();
  };
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Update Payment Method
        </Title>
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
      </Stack>
    </Card>
  );
}

function PlanChangeCard({
  sub,
  planId,
  busyPlan,
  onChange,
}: {
  sub: Subscription;
  planId: PlanId;
  busyPlan: PlanId | null;
  onChange: (p: PlanId) => void;
}) {
  const trpc = useTRPC();
  const plan = PLAN_LIST.find((p) => p.id === planId)!;
  const current = sub.plan_type === planId;
  const preview = useQuery({
    ...trpc.subscription.preview.queryOptions({
      organization_uuid: sub.organization_uuid,
      plan_type: planId,
    }),
    enabled: !current,
  });
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {plan.name}
          </Title>
          {current && <Badge color="blue">Current Plan</Badge>}
        </Group>
        <Text fw={600}>{money(plan.pricePence).replace(/\.00$/, '')}/month</Text>
        <Text size="sm" c="dimmed">
          {plan.locations === 'unlimited'
            ? 'Unlimited locations'
            : '1 location included, £50/month per additional venue'}
        </Text>
        {!current && (
          <>
            <Text size="sm" data-testid={`plan-preview-${planId}`}>
              {preview.data
                ? `Due today (prorated): ${money(preview.data.data.amount_due_today_pence)}; then ${money(preview.data.data.new_price_monthly_pence)}/month`
                : 'Calculating the prorated amount...'}
            </Text>
            <Button onClick={() => onChange(planId)} disabled={busyPlan !== null}>
              {busyPlan === planId ? 'Changing...' : 'Change to this plan'}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}

export function ChangePlan({ sub }: { sub: Subscription }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const change = useMutation(trpc.subscription.changePlan.mutationOptions());
  const onChange = async (planId: PlanId) => {
    setBusyPlan(planId);
    try {
      const res = await change.mutateAsync({
        organization_uuid: sub.organization_uuid,
        plan_type: planId,
        idempotency_key: newIdempotencyKey(),
      });
      notifications.show({ color: 'green', message: res.message ?? 'Plan changed successfully.' });
      await invalidate();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, 'Failed to change plan') });
    } finally {
      setBusyPlan(null);
    }
  };
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Change Your Plan
        </Title>
        <Text size="sm" c="dimmed">
          Plan changes are prorated and take effect immediately.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {PLAN_LIST.map((p) => (
            <PlanChangeCard
              key={p.id}
              sub={sub}
              planId={p.id}
              busyPlan={busyPlan}
              onChange={onChange}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

const ADD_OPTIONS = [
  ...Array.from({ length: 19 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
  { value: '20', label: '20+' },
];

export function ManageLocations({ sub }: { sub: Subscription }) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const [add, setAdd] = useState(0);
  const [remove, setRemove] = useState(0);
  const addM = useMutation(trpc.subscription.addLocations.mutationOptions());
  const removeM = useMutation(trpc.subscription.removeLocations.mutationOptions());
  const busy = addM.isPending || removeM.isPending;
  const limit = sub.location_limit;
  const maxRemove = Math.max(0, Math.min(10, limit - Math.max(sub.current_location_count, 1)));
  const preview = useQuery({
    ...trpc.subscription.preview.queryOptions({
      organization_uuid: sub.organization_uuid,
      additional_locations: add || 1,
    }),
    enabled: add > 0,
  });

  const doAdd = async () => {
    try {
      const res = await addM.mutateAsync({
        organization_uuid: sub.organization_uuid,
        additional_locations: add,
        idempotency_key: newIdempotencyKey(),
      });
      notifications.show({
        color: 'green',
        message: res.message ?? 'Locations added successfully.',
      });
      setAdd(0);
      await invalidate();
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err, 'Failed to add locations') });
    }
  };
  const doRemove = async () => {
    try {
      const res = await removeM.mutateAsync({
        organization_uuid: sub.organization_uuid,
        locations_to_remove: remove,
      });
      notifications.show({ color: 'green', message: res.message ?? 'Locations removed.' });
      setRemove(0);
      await invalidate();
    } catch (err) {
      notifications.show({
        color: 'red',
        message: errorMessage(err, 'Failed to remove locations'),
      });
    }
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Manage Locations
        </Title>
        <Text size="sm">
          Current locations: {sub.current_location_count} of {limit} · Available:{' '}
          {sub.available_locations ?? 0}
        </Text>
        <Group align="flex-end">
          <Select
            label="Locations to add"
            placeholder="Select"
            data={ADD_OPTIONS}
            value={add ? String(add) : null}
            onChange={(v) => setAdd(Number(v ?? 0))}
            w={180}
          />
          <Button onClick={doAdd} disabled={add === 0 || busy}>
            {addM.isPending ? 'Adding...' : 'Add Locations'}
          </Button>
        </Group>
        {add > 0 && (
          <Text size="sm" data-testid="add-locations-preview">
            {preview.data
              ? `Due today (prorated for the rest of the billing period): ${money(preview.data.data.amount_due_today_pence)}`
              : 'Calculating the prorated amount...'}
          </Text>
        )}
        {limit > 1 && (
          <>
            <Group align="flex-end">
              <Select
                label="Unused locations to remove"
                data={Array.from({ length: maxRemove + 1 }, (_, i) => ({
                  value: String(i),
                  label: String(i),
                }))}
                value={String(remove)}
                onChange={(v) => setRemove(Number(v ?? 0))}
                allowDeselect={false}
                w={180}
              />
              <Button
                color="red"
                variant="light"
                onClick={doRemove}
                disabled={remove === 0 || busy}
              >
                {removeM.isPending ? 'Removing...' : 'Remove Locations'}
              </Button>
            </Group>
            <Text size="xs" c="dimmed">
              Removing locations adjusts billing from the next cycle, with no refund for the current
              period.
            </Text>
          </>
        )}
      </Stack>
    </Card>
  );
}

async function openInvoice(url: string, kind: 'pdf' | 'html') {
  const path = new URL(url, window.location.origin);
  const sameOrigin =
    path.origin === window.location.origin ||
    path.pathname.startsWith('/api/v1/subscription/invoices/');
  const target = sameOrigin ? path.pathname : url;
  const token = getStoredToken();
  const res = await fetch(target, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error('Invoice unavailable');
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  if (kind === 'pdf') {
    const a = document.createElement('a');
    a.href = href;
    a.download = `invoice-${path.pathname.split('/').at(-2) ?? 'download'}.pdf`;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } else {
    window.open(href, '_blank', 'noopener');
  }
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

export function BillingHistory({ organizationUuid }: { organizationUuid: string }) {
  const trpc = useTRPC();
  const history = useQuery(
    trpc.subscription.billingHistory.queryOptions({ organization_uuid: organizationUuid }),
  );
  const items: HistoryItem[] = history.data?.data ?? [];
  const open = (url: string, kind: 'pdf' | 'html') =>
    openInvoice(url, kind).catch(() =>
      notifications.show({ color: 'red', message: 'The invoice could not be opened.' }),
    );
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={2} size="h3">
          Billing History
        </Title>
        {history.isLoading ? (
          <Text size="sm">Loading...</Text>
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No billing history available.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>{formatDate(item.created_at)}</Table.Td>
                    <Table.Td>{item.description}</Table.Td>
                    <Table.Td>
                      {money(item.amount_pence)} {item.currency}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={invoiceStatusColor(item.status)} variant="light">
                        {item.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      {item.invoice_pdf || item.invoice_url ? (
                        <Group gap="sm">
                          {item.invoice_pdf && (
                            <Anchor
                              component="button"
                              type="button"
                              onClick={() => open(item.invoice_pdf!, 'pdf')}
                            >
                              PDF
                            </Anchor>
                          )}
                          {item.invoice_url && (
                            <Anchor
                              component="button"
                              type="button"
                              onClick={() => open(item.invoice_url!, 'html')}
                            >
                              View
                            </Anchor>
                          )}
                        </Group>
                      ) : (
                        'N/A'
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

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
          {sub.next_billing_date ? ` (${formatDate(sub.next_billing_date)})` : ''}.
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
          <Button color="red" variant="outline" onClick={confirm} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
