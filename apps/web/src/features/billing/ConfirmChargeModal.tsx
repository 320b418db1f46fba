import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PlanId } from '@scmp/api/contracts/plans';
import { errorEnvelopeOf, errorMessage, useTRPC } from '../../lib/trpc';
import { money } from './format';
import { formatDate } from '../../lib/format';
import { LazyModal } from '../../lib/LazyOverlay';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { SkeletonRows } from '../../lib/ListState';

/** What a charge is for: a plan change or added Basic locations. */
export type ChargeRequest =
  { kind: 'plan'; plan: PlanId; planName: string } | { kind: 'locations'; count: number };

/**
 * Anything that charges money asks first. The dialog shows the server's quote (GET
 * /subscription/preview): the amount charged today, the new monthly price and the next billing
 * date. Confirm passes the quote's proration_date, so the charge is exactly the amount shown;
 * a quote that went stale meanwhile is refused (409) and the dialog shows the fresh amount to
 * confirm again. Cancel charges nothing.
 */
export function ConfirmChargeModal(props: {
  organizationUuid: string;
  request: ChargeRequest | null;
  onClose: () => void;
  /** Charges with the quote's proration_date; throws the server's error on a refusal. */
  onConfirm: (prorationDate: number) => Promise<void>;
}) {
  const trpc = useTRPC();
  const { request } = props;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const quote = useQuery({
    ...trpc.subscription.preview.queryOptions({
      organization_uuid: props.organizationUuid,
      ...(request?.kind === 'plan'
        ? { plan_type: request.plan }
        : { additional_locations: request?.kind === 'locations' ? request.count : 1 }),
    }),
    enabled: request !== null,
    // Always a fresh quote when the dialog opens (the plan card's may be minutes old).
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (request) setError(null);
  }, [request]);

  const q = quote.data?.data;
  const title =
    request?.kind === 'plan'
      ? `Change to the ${request.planName} plan?`
      : request?.kind === 'locations'
        ? `Add ${request.count} location${request.count === 1 ? '' : 's'}?`
        : '';

  const confirm = async () => {
    if (!q) return;
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm(q.proration_date);
    } catch (err) {
      setError(errorMessage(err, 'The change failed. Nothing was charged.'));
      // The quote went stale: show the fresh amount to confirm again.
      if (errorEnvelopeOf(err)?.quote_expired) await quote.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <LazyModal
      opened={request !== null}
      onClose={busy ? () => undefined : props.onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm" data-testid="confirm-charge">
        {quote.isError ? (
          <ErrorAlert error={quote.error} fallback="Failed to calculate the amount due today." />
        ) : !q || quote.isFetching ? (
          <SkeletonRows
            count={3}
            height={20}
            gap="xs"
            aria-busy="true"
            aria-label="Calculating the amount due today"
          />
        ) : (
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>Charged today</Table.Th>
                <Table.Td fw={700} data-testid="confirm-amount-today">
                  {money(q.amount_due_today_pence)}
                </Table.Td>
              </Table.Tr>
              {q.credit_pence > 0 && (
                <Table.Tr>
                  <Table.Th>Credit for the unused time</Table.Th>
                  <Table.Td data-testid="confirm-credit">{money(q.credit_pence)}</Table.Td>
                </Table.Tr>
              )}
              <Table.Tr>
                <Table.Th>New monthly price</Table.Th>
                <Table.Td data-testid="confirm-monthly">
                  {money(q.new_price_monthly_pence)}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Next billing date</Table.Th>
                <Table.Td data-testid="confirm-next-billing">
                  {formatDate(q.next_billing_date, 'long')}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        )}
        <Text size="xs" c="dimmed">
          The amount today is prorated for the rest of the current billing period and charged to
          your payment method on file when you confirm.
        </Text>
        {error && (
          <Alert color="red" role="alert" title="Nothing was charged">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={!q || quote.isFetching}
            loading={busy}
            data-testid="confirm-charge-button"
          >
            {q && !quote.isFetching && q.amount_due_today_pence > 0
              ? `Confirm and pay ${money(q.amount_due_today_pence)}`
              : 'Confirm'}
          </Button>
        </Group>
      </Stack>
    </LazyModal>
  );
}
