import { Badge, Button, Code, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { fullDate } from '../account';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { DataTable } from '../../lib/DataTable';
import { hiddenHeading } from '../../lib/hidden-heading';

const STATUS_COLOR: Record<string, string> = {
  succeeded: 'green',
  pending: 'gray',
  retrying: 'orange',
  failed: 'red',
};

/**
 * A webhook's deliveries, newest first: status, answer, timing, and redelivery. Refreshed every
 * 2 s while one is still in flight, every 10 s otherwise, so new events appear on their own.
 */
export function DeliveryLog({
  organizationUuid,
  webhookUuid,
}: {
  organizationUuid: string;
  webhookUuid: string;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const input = { id: organizationUuid, uuid: webhookUuid, limit: 10 };
  const deliveries = useInfiniteQuery(
    trpc.webhooks.deliveries.infiniteQueryOptions(input, {
      getNextPageParam: (last) => last.next_cursor ?? undefined,
      refetchInterval: (query) =>
        query.state.data?.pages.some((page) =>
          page.data.some((d) => d.status === 'pending' || d.status === 'retrying'),
        )
          ? 2000
          : 10_000,
    }),
  );
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: async (result) => {
        notifications.show({ color: 'green', message: result.message ?? 'Delivery queued again.' });
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() });
      },
      onError: (err) =>
        notifications.show({ color: 'red', message: errorMessage(err, 'Failed to redeliver') }),
    }),
  );

  if (deliveries.isPending) return <Skeleton height={60} aria-busy="true" />;
  if (deliveries.isError)
    return <ErrorAlert error={deliveries.error} fallback="Failed to load the deliveries" />;
  const rows = deliveries.data.pages.flatMap((page) => page.data);
  if (rows.length === 0)
    return (
      <Text size="sm" c="gray.7" data-testid="deliveries-empty">
        No deliveries yet. Send a test event, or wait for one of the chosen events to happen.
      </Text>
    );

  return (
    <Stack gap="xs">
      <DataTable
        columns={['Event', 'Status', 'Response', 'Attempts', 'When', hiddenHeading('Actions')]}
        minWidth={640}
        verticalSpacing="xs"
        data-testid="delivery-log"
      >
        {rows.map((d) => (
          <Table.Tr key={d.uuid} data-testid="delivery-row">
            <Table.Td>
              <Code>{d.event}</Code>
            </Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[d.status] ?? 'gray'} variant="light">
                {d.status}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Text size="sm">
                  {d.response_status !== null ? `HTTP ${d.response_status}` : (d.error ?? '—')}
                  {d.duration_ms !== null ? ` · ${d.duration_ms} ms` : ''}
                </Text>
                {d.response_body ? (
                  <Text size="xs" c="gray.7" lineClamp={2} title={d.response_body}>
                    {d.response_body}
                  </Text>
                ) : null}
              </Stack>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{d.attempts}</Text>
              {d.next_retry_at ? (
                <Text size="xs" c="gray.7">
                  Next try {fullDate(d.next_retry_at)}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{fullDate(d.created_at)}</Text>
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="subtle"
                disabled={redeliver.isPending}
                aria-label={`Redeliver ${d.event} from ${fullDate(d.created_at)}`}
                onClick={() =>
                  redeliver.mutate({
                    id: organizationUuid,
                    uuid: webhookUuid,
                    delivery_uuid: d.uuid,
                  })
                }
              >
                Redeliver
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {deliveries.hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            size="xs"
            loading={deliveries.isFetchingNextPage}
            onClick={() => deliveries.fetchNextPage()}
          >
            Load older deliveries
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
