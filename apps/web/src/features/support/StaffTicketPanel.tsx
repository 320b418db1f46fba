import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { DeferredSelect } from '../../lib/DeferredSelect';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SUPPORT_TEXTS, type TicketStatusValue } from '@scmp/api/contracts/support';
import { useEffect, useState } from 'react';
import { errorMessage, useTRPC } from '../../lib/trpc';
import type { RouterOutputs } from '../../lib/types';
import { TicketConversation } from './TicketConversation';
import { TicketHeading } from './TicketHeading';
import { TICKET_STATUS_OPTIONS } from './badges';
import { ErrorAlert } from '../../lib/ErrorAlert';
import { PendingButton } from '../../lib/PendingButton';

/** Staff view of one ticket: customer, organization, thread, reply and status controls. */
export function StaffTicketPanel({ ticketId }: { ticketId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.support.staffGetTicket.queryOptions({ id: ticketId }));
  const ticket = query.data?.data;
  const [status, setStatus] = useState<TicketStatusValue | null>(null);
  useEffect(() => {
    if (ticket) setStatus(ticket.status);
  }, [ticket]);

  const refresh = (result: RouterOutputs['support']['staffReply']) => {
    queryClient.setQueryData(trpc.support.staffGetTicket.queryKey({ id: result.data.id }), result);
    void queryClient.invalidateQueries({ queryKey: trpc.support.staffListTickets.queryKey() });
  };
  const reply = useMutation(
    trpc.support.staffReply.mutationOptions({
      onSuccess: refresh,
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Error',
          message: errorMessage(error, SUPPORT_TEXTS.sendMessageFailed),
        }),
    }),
  );
  const setTicketStatus = useMutation(
    trpc.support.staffSetStatus.mutationOptions({
      onSuccess: (result) => {
        refresh(result);
        notifications.show({ color: 'green', message: SUPPORT_TEXTS.statusUpdated });
      },
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: 'Error',
          message: errorMessage(error, 'Failed to update the ticket status'),
        }),
    }),
  );

  if (query.isPending) {
    return (
      <Stack>
        <Skeleton height={28} />
        <Skeleton height={80} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (query.isError || !ticket) {
    return <ErrorAlert error={query.error} fallback={SUPPORT_TEXTS.fetchTicketFailed} />;
  }
  return (
    <Stack gap="md" data-testid="staff-ticket-panel">
      <TicketHeading
        ticket={ticket}
        above={
          <Text size="sm" c="gray.7">
            {ticket.ticket_number}
          </Text>
        }
      />
      <Paper withBorder p="sm" radius="md">
        <Text size="sm">
          <strong>Customer:</strong> {ticket.customer.name} ({ticket.customer.email})
        </Text>
        <Text size="sm">
          <strong>Organization:</strong> {ticket.organization?.name ?? 'None'}
        </Text>
      </Paper>
      <Group align="flex-end" gap="sm">
        <DeferredSelect
          label="Status"
          allowDeselect={false}
          data={TICKET_STATUS_OPTIONS}
          value={status}
          onChange={(value) => setStatus(value as TicketStatusValue | null)}
          w={200}
        />
        <PendingButton
          variant="default"
          onClick={() => status && setTicketStatus.mutate({ id: ticket.id, status })}
          pending={setTicketStatus.isPending}
          pendingLabel="Updating..."
          disabled={!status || status === ticket.status}
        >
          Update Status
        </PendingButton>
      </Group>
      <TicketConversation
        ticket={ticket}
        viewer="staff"
        replyLabel="Staff reply"
        closedReason="This ticket is closed. Reopen it to reply."
        replying={reply.isPending}
        onReply={(message) => reply.mutateAsync({ id: ticket.id, message })}
      />
    </Stack>
  );
}
