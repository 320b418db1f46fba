import { Alert, Anchor, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AttentionItem } from './types';

const ACTION: Record<AttentionItem['kind'], string> = {
  payment_past_due: 'Update the payment method',
  service_suspended: 'Pay the outstanding invoice',
  organization_pending_payment: 'Choose a plan',
  instance_unhealthy: 'Open the instance',
  instance_suspended: 'Open the instance',
  certificate: 'Open the instance',
  email_unverified: 'Resend the verification e-mail',
  staff_reply: 'Read the reply',
};

const SEVERITY = {
  critical: { color: 'red', icon: <IconAlertTriangle size={18} />, label: 'Critical' },
  warning: { color: 'orange', icon: <IconAlertTriangle size={18} />, label: 'Warning' },
  info: { color: 'blue', icon: <IconInfoCircle size={18} />, label: 'Information' },
} as const;

/**
 * What needs the customer's attention, most severe first, each with a link to the page that
 * fixes it; says that all is well when nothing does.
 */
export function NeedsAttention({
  items,
  loading,
  error,
}: {
  items: AttentionItem[] | undefined;
  loading: boolean;
  error: string | null;
}) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="needs-attention">
      <Title order={2} size="h3" id="needs-attention" mb="md">
        Needs attention
      </Title>
      {loading ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading what needs attention">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      ) : error !== null ? (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      ) : !items || items.length === 0 ? (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="green" variant="light" radius="xl" aria-hidden>
            <IconCircleCheck size={18} />
          </ThemeIcon>
          <Text>Everything looks good — nothing needs your attention.</Text>
        </Group>
      ) : (
        <Stack
          gap="md"
          component="ul"
          aria-label="Problems to fix"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item) => {
            const severity = SEVERITY[item.severity];
            return (
              <li key={`${item.kind}:${item.link}`} data-kind={item.kind}>
                <Group gap="sm" align="flex-start" wrap="nowrap">
                  <ThemeIcon color={severity.color} variant="light" radius="xl" mt={2}>
                    <span role="img" aria-label={severity.label} style={{ display: 'flex' }}>
                      {severity.icon}
                    </span>
                  </ThemeIcon>
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600}>{item.title}</Text>
                    <Text size="sm" c="dimmed">
                      {item.detail}
                    </Text>
                    <Anchor
                      component={Link}
                      to={item.link}
                      size="sm"
                      aria-label={`${ACTION[item.kind]}: ${item.title}`}
                    >
                      {ACTION[item.kind]}
                    </Anchor>
                  </div>
                </Group>
              </li>
            );
          })}
        </Stack>
      )}
    </Card>
  );
}
