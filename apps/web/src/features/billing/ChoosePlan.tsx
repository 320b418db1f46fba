import {
  Alert,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import {
  PLAN_LIST,
  SETUP_FEE_PENCE,
  monthlyPricePence,
  type PlanId,
} from '@scmp/api/contracts/plans';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SectionCard } from '../../lib/SectionCard';
import { useTRPC } from '../../lib/trpc';
import { money, newIdempotencyKey } from './format';
import { PaymentForm, type PaymentResult } from './PaymentForm';
import type { Purchase } from './SubscriptionSuccess';
import { useInvalidate } from './subscription-shared';

const VENUE_OPTIONS = [
  ...Array.from({ length: 20 }, (_, i) => ({ value: String(i), label: String(i) })),
  { value: '20', label: '20+' },
];

/** Choose Your Plan: plan cards, venues, Due Today, pay button, then the payment form. */
export function ChoosePlan(props: {
  organizationUuid: string;
  provider: 'stripe' | 'test';
  publishableKey?: string | null;
  email?: string;
  /** After a successful payment: what was bought, for the success state at the top. */
  onSubscribed?: (purchase: Purchase) => void;
}) {
  const trpc = useTRPC();
  const invalidate = useInvalidate();
  const [, setSearchParams] = useSearchParams();
  const [plan, setPlan] = useState<PlanId>('basic');
  const [venues, setVenues] = useState(0);
  const [showForm, setShowForm] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const create = useMutation(trpc.subscription.create.mutationOptions());
  const monthly = monthlyPricePence(plan, venues);
  const total = SETUP_FEE_PENCE + monthly;
  const totalLabel = useMemo(() => money(total).replace(/\.00$/, ''), [total]);

  const choose = (id: PlanId) => {
    setPlan(id);
    if (id === 'unlimited') setVenues(0);
  };

  const pay = async (result: PaymentResult) => {
    const res = await create.mutateAsync({
      organization_uuid: props.organizationUuid,
      plan_type: plan,
      additional_venues: plan === 'unlimited' ? 0 : venues,
      idempotency_key: key,
      ...result,
    });
    notifications.show({
      color: 'green',
      message: res.message ?? 'Subscription created successfully.',
    });
    setKey(newIdempotencyKey());
    props.onSubscribed?.({
      planName: PLAN_LIST.find((p) => p.id === plan)!.name,
      venues: plan === 'unlimited' ? 0 : venues,
      amountPence: total,
      monthlyPence: monthly,
      receiptEmail: result.billing_details.email,
      paymentType: result.payment_type,
    });
    await invalidate();
    if (result.payment_type === 'direct_debit') setSearchParams({ setup: 'success' });
  };

  return (
    <SectionCard title="Choose Your Plan">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {PLAN_LIST.map((p) => {
          const selected = plan === p.id;
          return (
            <Card
              key={p.id}
              withBorder
              radius="md"
              p="md"
              style={{
                borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined,
                borderWidth: selected ? 2 : 1,
              }}
            >
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={3} size="h4">
                    {p.name}
                  </Title>
                  {selected && <Badge color="blue">Selected</Badge>}
                </Group>
                <Text fz={24} fw={700}>
                  {money(p.pricePence).replace(/\.00$/, '')}
                  <Text span size="sm" c="dimmed">
                    /month
                  </Text>
                </Text>
                <Text size="sm">
                  {p.locations === 'unlimited'
                    ? 'Unlimited locations'
                    : `${p.locations} location included`}
                  {p.additionalVenuePricePence > 0 &&
                    `, ${money(p.additionalVenuePricePence).replace(/\.00$/, '')}/month per additional venue`}
                </Text>
                <List size="sm">
                  {p.features.map((f) => (
                    <List.Item key={f}>{f}</List.Item>
                  ))}
                </List>
                <Button
                  variant={selected ? 'filled' : 'light'}
                  onClick={() => choose(p.id)}
                  aria-pressed={selected}
                >
                  {selected ? `${p.name} selected` : `Choose ${p.name}`}
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      {plan === 'basic' && (
        <Stack gap={4}>
          <DeferredSelect
            label="Additional venues"
            data={VENUE_OPTIONS}
            value={String(venues)}
            onChange={(v) => setVenues(Number(v ?? 0))}
            allowDeselect={false}
            w={200}
          />
          {venues >= 20 && (
            <Alert color="blue" variant="light">
              With 20 or more venues, the Unlimited plan is better value.
            </Alert>
          )}
        </Stack>
      )}
      <Card withBorder radius="md" p="md" bg="var(--mantine-color-gray-0)">
        <Title order={3} size="h5" mb="xs">
          Due Today
        </Title>
        <Group justify="space-between">
          <Text size="sm">One-time setup fee</Text>
          <Text size="sm">{money(SETUP_FEE_PENCE)}</Text>
        </Group>
        <Group justify="space-between">
          <Text size="sm">
            First month —{' '}
            {plan === 'basic'
              ? `Basic plan${venues ? ` + ${venues} additional venue${venues === 1 ? '' : 's'}` : ''}`
              : 'Unlimited plan'}
          </Text>
          <Text size="sm">{money(monthly)}</Text>
        </Group>
        <Divider my="xs" />
        <Group justify="space-between">
          <Text fw={700}>Total due today</Text>
          <Text fw={700} data-testid="due-today-total">
            {money(total)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          Then {money(monthly)} per month.
        </Text>
      </Card>
      {!showForm && (
        <Button size="md" onClick={() => setShowForm(true)}>
          {`Pay ${totalLabel} & Start Subscription`}
        </Button>
      )}
      <Text size="sm" c="dimmed">
        Payment is processed securely by our card payment provider. Card: the setup fee is charged
        immediately, then monthly. Direct debit (SEPA): setup takes 3-5 business days and has lower
        fees; both charges go on the first invoice, then monthly.
      </Text>
      {showForm && (
        <PaymentForm
          provider={props.provider}
          publishableKey={props.publishableKey}
          organizationUuid={props.organizationUuid}
          submitLabel={`Pay ${totalLabel}`}
          busy={create.isPending}
          autoFocus
          defaultEmail={props.email}
          onSubmit={pay}
          onCancel={() => setShowForm(false)}
        />
      )}
    </SectionCard>
  );
}
