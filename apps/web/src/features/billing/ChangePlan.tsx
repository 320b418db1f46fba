import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PLAN_LIST, type PlanId } from '@scmp/api/contracts/plans';
import { useState } from 'react';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { money, newIdempotencyKey } from './format';
import { useInvalidate, type Subscription } from './subscription-shared';

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
