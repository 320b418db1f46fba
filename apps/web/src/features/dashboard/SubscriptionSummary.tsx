import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatGbp } from '@scmp/api/contracts/plans';
import { Link } from 'react-router';
import { formatDay, MANAGED_BY_OWNER, type SubscriptionLine } from './types';

const STATE_BADGE: Record<SubscriptionLine['state'], { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  past_due: { label: 'Past due', color: 'red' },
  suspended: { label: 'Suspended', color: 'red' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'gray' },
  none: { label: 'No plan', color: 'yellow' },
  hidden: { label: 'Managed by owner', color: 'gray' },
};

function describe(line: SubscriptionLine): string {
  const plan =
    line.plan_name && line.price_monthly_pence !== null
      ? `${line.plan_name} plan, ${formatGbp(line.price_monthly_pence)} a month`
      : '';
  switch (line.state) {
    case 'active':
      return `${plan}. Next invoice ${formatDay(line.next_invoice_date)}: ${formatGbp(line.next_invoice_pence ?? 0)}.`;
    case 'past_due':
      return `${plan}. Payment past due since ${formatDay(line.past_due_since)}.`;
    case 'suspended':
      return `${plan}. Service suspended; payment past due since ${formatDay(line.past_due_since)}.`;
    case 'cancelled':
      return `${plan}. Cancelled; the service ends ${formatDay(line.service_ends_at)}.`;
    case 'expired':
      return 'The subscription has ended.';
    case 'none':
      return 'No subscription yet.';
    case 'hidden':
      return `${MANAGED_BY_OWNER}: your role does not include this organization’s billing.`;
  }
}

/** One line per organization: plan, price, next invoice date and amount, or what is wrong. */
export function SubscriptionSummary({ lines }: { lines: SubscriptionLine[] }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="subscriptions">
      <Title order={2} size="h3" id="subscriptions" mb="md">
        Subscriptions
      </Title>
      {lines.length === 0 ? (
        <Text c="dimmed">No organizations yet, so no subscriptions.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {lines.map((line) => {
            const badge = STATE_BADGE[line.state];
            return (
              <li key={line.organization_uuid} data-testid="subscription-line">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0, flex: '1 1 260px' }}>
                    <Group gap="xs" wrap="wrap">
                      <Text fw={600}>{line.organization_name}</Text>
                      <Badge color={badge.color} variant="light">
                        {badge.label}
                      </Badge>
                    </Group>
                    <Text size="sm" c="dimmed">
                      {describe(line)}
                    </Text>
                  </div>
                  {line.state === 'hidden' ? null : (
                    <Anchor
                      component={Link}
                      to={line.link}
                      size="sm"
                      aria-label={`Manage the subscription of ${line.organization_name}`}
                    >
                      Manage
                    </Anchor>
                  )}
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
