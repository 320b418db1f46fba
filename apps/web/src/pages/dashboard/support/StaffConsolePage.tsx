import { Anchor, Grid, Group, Paper, ScrollArea, Text, Title } from '@mantine/core';
import { DeferredSelect } from '../../../lib/DeferredSelect';
import { DashboardPage } from '../../../lib/DashboardPage';
import { useQuery } from '@tanstack/react-query';
import {
  SUPPORT_TEXTS,
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
  TICKET_CATEGORY_OPTIONS,
  TICKET_PRIORITY_OPTIONS,
  TICKET_STATUS_OPTIONS,
} from '../../../features/support';
import { usePageMeta } from '../../../lib/page-meta';
import { useTRPC } from '../../../lib/trpc';
import { ErrorAlert } from '../../../lib/ErrorAlert';
import { SkeletonRows } from '../../../lib/ListState';
import { SearchField, useSearchQuery } from '../../../lib/SearchField';

type QueueFilters = {
  status?: TicketStatusValue;
  priority?: TicketPriorityValue;
  category?: TicketCategoryValue;
};

/** The queue's filter pickers, left to right; an empty one shows every ticket. */
const FILTERS = [
  { key: 'status', label: 'Status', placeholder: 'All statuses', data: TICKET_STATUS_OPTIONS },
  {
    key: 'priority',
    label: 'Priority',
    placeholder: 'All priorities',
    data: TICKET_PRIORITY_OPTIONS,
  },
  {
    key: 'category',
    label: 'Category',
    placeholder: 'All categories',
    data: TICKET_CATEGORY_OPTIONS,
  },
] as const;

function StaffConsole() {
  usePageMeta('Staff Console');
  const trpc = useTRPC();
  const [searchParams, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<QueueFilters>({});
  const { search, setSearch, q } = useSearchQuery();
  const selected = searchParams.get('ticket');
  const queue = useQuery(
    trpc.support.staffListTickets.queryOptions({ ...filters, ...(q ? { q } : {}) }),
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
        <SearchField
          label="Search"
          placeholder="Ticket number or subject"
          value={search}
          onChange={setSearch}
          w={260}
        />
        {FILTERS.map(({ key, ...filter }) => (
          <DeferredSelect
            key={key}
            {...filter}
            clearable
            value={filters[key] ?? null}
            onChange={(value) =>
              setFilters((current) => {
                const { [key]: _cleared, ...rest } = current;
                return value ? { ...rest, [key]: value } : rest;
              })
            }
            w={170}
          />
        ))}
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
