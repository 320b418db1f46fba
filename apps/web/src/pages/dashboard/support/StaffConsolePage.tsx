import { Anchor, Grid, Group, Paper, ScrollArea, Text, TextInput, Title } from '@mantine/core';
import { DeferredSelect } from '../../../lib/DeferredSelect';
import { DashboardPage } from '../../../lib/DashboardPage';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  SUPPORT_TEXTS,
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type TicketCategoryValue,
  type TicketPriorityValue,
  type TicketStatusValue,
} from '@scmp/api/contracts/support';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { StaffOnly } from '../../../features/staff';
import {
  formatDateTime,
  TicketBadges,
  TicketList,
  StaffTicketPanel,
} from '../../../features/support';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { ErrorAlert } from '../../../lib/ErrorAlert';
import { SkeletonRows } from '../../../lib/ListState';

function StaffConsole() {
  usePageMeta('Staff Console');
  const trpc = useTRPC();
  const [searchParams, setSearchParams] = useSearchParams();
  const [status, setStatus] = useState<TicketStatusValue | null>(null);
  const [priority, setPriority] = useState<TicketPriorityValue | null>(null);
  const [category, setCategory] = useState<TicketCategoryValue | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const selected = searchParams.get('ticket');
  const queue = useQuery(
    trpc.support.staffListTickets.queryOptions({
      ...(status ? { status } : {}),
      ...(priority ? { priority } : {}),
      ...(category ? { category } : {}),
      ...(q ? { q } : {}),
    }),
  );
  const tickets = queue.data?.data ?? [];

  return (
    <DashboardPage
      size="xl"
      title="Staff Console"
      description="Answer customers' support tickets."
      actions={
        <Anchor component={Link} to="/dashboard/support">
          Back to Support Center
        </Anchor>
      }
    >
      <Group align="flex-end" gap="sm" wrap="wrap" role="search">
        <TextInput
          label="Search"
          placeholder="Ticket number or subject"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={260}
        />
        <DeferredSelect
          label="Status"
          placeholder="All statuses"
          clearable
          data={TICKET_STATUSES.map((value) => ({ value, label: TICKET_STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => setStatus(value as TicketStatusValue | null)}
          w={170}
        />
        <DeferredSelect
          label="Priority"
          placeholder="All priorities"
          clearable
          data={TICKET_PRIORITIES.map((value) => ({
            value,
            label: TICKET_PRIORITY_LABELS[value],
          }))}
          value={priority}
          onChange={(value) => setPriority(value as TicketPriorityValue | null)}
          w={170}
        />
        <DeferredSelect
          label="Category"
          placeholder="All categories"
          clearable
          data={TICKET_CATEGORIES.map((value) => ({
            value,
            label: TICKET_CATEGORY_LABELS[value],
          }))}
          value={category}
          onChange={(value) => setCategory(value as TicketCategoryValue | null)}
          w={170}
        />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <section aria-labelledby="queue-heading">
            <Title order={2} size="h4" id="queue-heading" mb="xs">
              Queue {queue.isSuccess ? `(${tickets.length})` : ''}
            </Title>
            {queue.isPending ? (
              <SkeletonRows count={3} height={64} radius="md" />
            ) : queue.isError ? (
              <ErrorAlert error={queue.error} fallback={SUPPORT_TEXTS.fetchTicketsFailed} />
            ) : tickets.length === 0 ? (
              <Text c="gray.7">No tickets match these filters.</Text>
            ) : (
              <ScrollArea.Autosize mah="70vh" type="auto" offsetScrollbars>
                <TicketList
                  tickets={tickets}
                  gap="xs"
                  rowTestId="queue-row"
                  selected={selected}
                  onOpen={(id) =>
                    setSearchParams((params) => {
                      const next = new URLSearchParams(params);
                      next.set('ticket', id);
                      return next;
                    })
                  }
                >
                  {(ticket) => (
                    <Paper
                      withBorder
                      p="sm"
                      radius="md"
                      bg={ticket.id === selected ? 'var(--mantine-color-blue-0)' : undefined}
                    >
                      <Text fw={600} size="sm" truncate>
                        {ticket.subject}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {ticket.ticket_number} · {ticket.customer.name}
                        {ticket.organization_name ? ` (${ticket.organization_name})` : ''} ·{' '}
                        {formatDateTime(ticket.updated_at)}
                      </Text>
                      <TicketBadges
                        status={ticket.status}
                        priority={ticket.priority}
                        gap={6}
                        mt={6}
                      />
                    </Paper>
                  )}
                </TicketList>
              </ScrollArea.Autosize>
            )}
          </section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-label="Ticket">
            {selected ? (
              <StaffTicketPanel key={selected} ticketId={selected} />
            ) : (
              <Text c="gray.7">Select a ticket from the queue.</Text>
            )}
          </Paper>
        </Grid.Col>
      </Grid>
    </DashboardPage>
  );
}

/** Staff only: everyone else sees the not-found page, as if the console did not exist. */
export default function StaffConsolePage() {
  return (
    <StaffOnly>
      <StaffConsole />
    </StaffOnly>
  );
}
