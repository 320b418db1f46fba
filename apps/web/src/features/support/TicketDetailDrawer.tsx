import { Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SUPPORT_TEXTS } from '@scmp/api/contracts/support';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { TicketConversation } from './TicketConversation';
import { TicketHeading } from './TicketHeading';
import { LazyDrawer } from '../../lib/LazyOverlay';
import { ErrorAlert } from '../../lib/ErrorAlert';

/** The customer's side panel: ticket, thread and reply box. */
export function TicketDetailDrawer({
  ticketId,
  onClose,
}: {
  ticketId: string | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery({
    ...trpc.support.getTicket.queryOptions({ id: ticketId ?? '' }),
    enabled: Boolean(ticketId),
  });
  const reply = useMutation(
    trpc.support.createTicketMessage.mutationOptions({
      onSuccess: (result) => {
        queryClient.setQueryData(trpc.support.getTicket.queryKey({ id: result.data.id }), result);
        void queryClient.invalidateQueries({ queryKey: trpc.support.listTickets.queryKey() });
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: 'Error',
          message: errorMessage(error, SUPPORT_TEXTS.sendMessageFailed),
        });
      },
    }),
  );
  const ticket = query.data?.data;

  return (
    <LazyDrawer
      opened={Boolean(ticketId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={ticket ? `Ticket ${ticket.ticket_number}` : 'Ticket details'}
    >
      {query.isPending && ticketId ? (
        <Stack>
          <Skeleton height={28} />
          <Skeleton height={80} />
          <Skeleton height={160} />
        </Stack>
      ) : query.isError ? (
        <ErrorAlert error={query.error} fallback={SUPPORT_TEXTS.fetchTicketFailed} />
      ) : ticket ? (
        <Stack gap="md">
          <TicketHeading
            ticket={ticket}
            suffix={ticket.organization_name ? ` · ${ticket.organization_name}` : ''}
          />
          <TicketConversation
            ticket={ticket}
            viewer="customer"
            closedReason={SUPPORT_TEXTS.closedNoReplies}
            replying={reply.isPending}
            onReply={(message) => reply.mutateAsync({ id: ticket.id, message })}
          />
        </Stack>
      ) : null}
    </LazyDrawer>
  );
}
