import { Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SUPPORT_TEXTS, TICKET_CATEGORY_LABELS } from '@scmp/api/contracts/support';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatDateTime } from './api';
import { TicketPriorityBadge, TicketStatusBadge } from './badges';
import { TicketConversation } from './TicketConversation';
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
          <div>
            <Title order={2} size="h3">
              {ticket.subject}
            </Title>
            <Group gap="xs" mt="xs">
              <TicketStatusBadge status={ticket.status} />
              <TicketPriorityBadge priority={ticket.priority} />
              <Text size="sm" c="gray.7">
                {TICKET_CATEGORY_LABELS[ticket.category]} · Opened{' '}
                {formatDateTime(ticket.created_at)}
                {ticket.organization_name ? ` · ${ticket.organization_name}` : ''}
              </Text>
            </Group>
          </div>
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
