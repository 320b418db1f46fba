import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { PLAN_LIST, type PlanId } from '@scmp/api/contracts/plans';
import { SectionCard } from '../../lib/SectionCard';
import { useTRPC } from '../../lib/trpc';
import { useChargeConfirmation } from './charge-confirmation';
import { money } from './format';
import type { Subscription } from './subscription-shared';

function PlanChangeCard({
  sub,
  planId,
  onChange,
}: {
  sub: Subscription;
  planId: PlanId;
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
            <Button onClick={() => onChange(planId)} aria-haspopup="dialog">
              Change to this plan
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}

export function ChangePlan({ sub }: { sub: Subscription }) {
  const trpc = useTRPC();
  const change = useMutation(trpc.subscription.changePlan.mutationOptions());
  // "Change to this plan" only opens the confirmation; money moves on Confirm.
  const { ask, dialog } = useChargeConfirmation({
    sub,
    kind: 'plan',
    done: 'Plan changed successfully.',
    charge: (request, fields) => change.mutateAsync({ ...fields, plan_type: request.plan }),
  });
  const onChange = (planId: PlanId) =>
    ask({ kind: 'plan', plan: planId, planName: PLAN_LIST.find((p) => p.id === planId)!.name });
  return (
    <SectionCard title="Change Your Plan" outside={dialog}>
      <Text size="sm" c="dimmed">
        Plan changes are prorated and take effect immediately.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {PLAN_LIST.map((p) => (
          <PlanChangeCard key={p.id} sub={sub} planId={p.id} onChange={onChange} />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
