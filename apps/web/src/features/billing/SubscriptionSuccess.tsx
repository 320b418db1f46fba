import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { money } from './format';

/** What a successful checkout bought (for the success state). */
export type Purchase = {
  planName: string;
  venues: number;
  amountPence: number;
  monthlyPence: number;
  receiptEmail: string;
  paymentType: 'card' | 'direct_debit';
};

/**
 * The success state at the top of the organization's billing after a payment: what was bought,
 * the amount, the receipt e-mail, and the next step (deploy, with the organization preselected).
 * It is scrolled into view and takes focus, so the result is the first thing seen and heard.
 */
export function SubscriptionSuccess(props: {
  purchase: Purchase;
  organizationUuid: string;
  onClose: () => void;
}) {
  const { purchase } = props;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, []);
  const bought = `${purchase.planName} plan${purchase.venues ? ` + ${purchase.venues} additional venue${purchase.venues === 1 ? '' : 's'}` : ''}`;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="green"
      variant="light"
      icon={<IconCircleCheck aria-hidden="true" />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={props.onClose}
      data-testid="subscription-success"
      aria-labelledby="subscription-success-title"
      style={{ scrollMarginTop: 80 }}
    >
      <Stack gap="xs">
        <Title order={2} size="h4" id="subscription-success-title">
          {purchase.paymentType === 'card'
            ? 'Payment successful: your subscription is active'
            : 'Direct debit set up: your subscription is active'}
        </Title>
        <Text size="sm">
          You bought: <strong>{bought}</strong>
        </Text>
        <Text size="sm" data-testid="subscription-success-amount">
          {purchase.paymentType === 'card' ? 'Amount paid: ' : 'Amount (processing): '}
          <strong>{money(purchase.amountPence)}</strong> (setup fee and first month), then{' '}
          {money(purchase.monthlyPence)} per month.
        </Text>
        <Text size="sm">
          A receipt has been sent to <strong>{purchase.receiptEmail}</strong>.
        </Text>
        <Text size="sm" fw={600} mt="xs">
          Next step
        </Text>
        <Group>
          <Button
            component={Link}
            to={`/dashboard/instances?organization=${encodeURIComponent(props.organizationUuid)}`}
          >
            Deploy your first instance
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
