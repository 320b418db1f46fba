import { Button, Card, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBook, IconPlus, IconVideo } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OPEN_TICKET_STATUSES,
  SUPPORT_TEXTS,
  TICKET_CATEGORY_LABELS,
} from '@scmp/api/contracts/support';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime, TicketBadges, TicketList } from '../../../features/support';
import { useSession } from '../../../features/session';
import { DashboardPage } from '../../../lib/DashboardPage';
import { StatTile } from '../../../lib/StatTile';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { QueryStates, SkeletonRows } from '../../../lib/ListState';
import { lazyParts } from '../../../lib/lazy-parts';

// The new-ticket form and the ticket drawer open on demand: their code (the form, the thread,
// attachments, uploads) is fetched after the page has drawn, not before.
const { NewTicketModal, TicketDetailDrawer } = lazyParts({
  NewTicketModal: () => import('../../../features/support/NewTicketModal'),
  TicketDetailDrawer: () => import('../../../features/support/TicketDetailDrawer'),
});

/** A card leading to a help page, beside the ticket figures. */
function HelpLinkCard({
  to,
  icon,
  title,
  text,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  text: string;
}) {
  return (
    <Card withBorder radius="md" component={Link} to={to}>
      <Group gap="sm" wrap="nowrap">
        {icon}
        <div>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="gray.7">
            {text}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

export default function SupportPage() {
  usePageMeta('Support', 'Raise and follow support tickets.');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const [formOpen, setFormOpen] = useState(false);
  const selected = searchParams.get('ticket');
  const tickets = useQuery(trpc.support.listTickets.queryOptions());
  const list = tickets.data?.data ?? [];
  const openCount = list.filter((t) => OPEN_TICKET_STATUSES.includes(t.status)).length;

  const selectTicket = (id: string | null) => {
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (id) next.set('ticket', id);
        else next.delete('ticket');
        return next;
      },
      { replace: !id },
    );
  };

  return (
    <DashboardPage
      title="Support Center"
      description="Get help from our team and follow your tickets."
      actions={
        <Group>
          {user?.is_staff && (
            <Button component={Link} to="/dashboard/support/staff" variant="default">
              Staff Console
            </Button>
          )}
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setFormOpen(true)}
          >
            Submit New Ticket
          </Button>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <StatTile
          testIdPrefix="stat"
          label="Total Tickets"
          value={list.length}
          loading={tickets.isPending}
        />
        <StatTile
          testIdPrefix="stat"
          label="Open Tickets"
          value={openCount}
          loading={tickets.isPending}
        />
        <HelpLinkCard
          to="/user-guides"
          icon={<IconBook size={24} aria-hidden />}
          title="User Guides"
          text="Step-by-step help articles"
        />
        <HelpLinkCard
          to="/training-videos"
          icon={<IconVideo size={24} aria-hidden />}
          title="Training Videos"
          text="Watch and learn"
        />
      </SimpleGrid>

      <section aria-labelledby="tickets-heading">
        <Title order={2} size="h3" id="tickets-heading" mb="sm">
          Your Tickets
        </Title>
        <QueryStates
          query={tickets}
          loading={<SkeletonRows count={3} height={72} radius="md" />}
          errorText={SUPPORT_TEXTS.fetchTicketsFailed}
          isEmpty={list.length === 0}
          empty={
            <Paper withBorder p="xl" radius="md" ta="center">
              <Text fw={600}>No support tickets yet</Text>
              <Text size="sm" c="gray.7" mb="md">
                Need help? Submit a ticket and our team will get back to you.
              </Text>
              <Button onClick={() => setFormOpen(true)}>Submit New Ticket</Button>
            </Paper>
          }
        >
          <TicketList tickets={list} gap="sm" rowTestId="ticket-row" onOpen={selectTicket}>
            {(ticket) => (
              <Paper withBorder p="md" radius="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {ticket.subject}
                    </Text>
                    <Text size="sm" c="gray.7">
                      {ticket.ticket_number} · {TICKET_CATEGORY_LABELS[ticket.category]} ·{' '}
                      {formatDateTime(ticket.created_at)} · {ticket.message_count}{' '}
                      {ticket.message_count === 1 ? 'reply' : 'replies'}
                    </Text>
                  </div>
                  <TicketBadges status={ticket.status} priority={ticket.priority} gap="xs" />
                </Group>
              </Paper>
            )}
          </TicketList>
        </QueryStates>
      </section>

      <Suspense fallback={null}>
        <NewTicketModal
          opened={formOpen}
          onClose={() => setFormOpen(false)}
          onCreated={(ticket) => {
            setFormOpen(false);
            notifications.show({
              color: 'green',
              message: `${SUPPORT_TEXTS.ticketCreated} Your ticket number is ${ticket.ticket_number}.`,
            });
            void queryClient.invalidateQueries({ queryKey: trpc.support.listTickets.queryKey() });
            selectTicket(ticket.id);
          }}
        />
        <TicketDetailDrawer ticketId={selected} onClose={() => selectTicket(null)} />
      </Suspense>
    </DashboardPage>
  );
}
