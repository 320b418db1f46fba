import { Group, Stack, UnstyledButton, type MantineSpacing } from '@mantine/core';
import type { TicketPriorityValue, TicketStatusValue } from '@scmp/api/contracts/support';
import type { ReactNode } from 'react';
import { TicketPriorityBadge, TicketStatusBadge } from './badges';

type ListedTicket = { id: string; ticket_number: string; subject: string };

/**
 * Tickets as a list of buttons, each opening its ticket: the customer's own tickets and the staff
 * queue. With `selected`, the open ticket's row is marked as the current one.
 */
export function TicketList<T extends ListedTicket>({
  tickets,
  gap,
  rowTestId,
  selected,
  onOpen,
  children,
}: {
  tickets: T[];
  gap: MantineSpacing;
  rowTestId: string;
  selected?: string | null;
  onOpen: (id: string) => void;
  /** The row's look. */
  children: (ticket: T) => ReactNode;
}) {
  return (
    <Stack gap={gap} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <UnstyledButton
            w="100%"
            aria-current={selected !== undefined && ticket.id === selected ? 'true' : undefined}
            aria-label={`Open ticket ${ticket.ticket_number}: ${ticket.subject}`}
            data-testid={rowTestId}
            onClick={() => onOpen(ticket.id)}
          >
            {children(ticket)}
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

/** A ticket's status and priority side by side. */
export function TicketBadges({
  status,
  priority,
  gap,
  mt,
}: {
  status: TicketStatusValue;
  priority: TicketPriorityValue;
  gap: MantineSpacing;
  mt?: MantineSpacing;
}) {
  return (
    <Group gap={gap} mt={mt}>
      <TicketStatusBadge status={status} />
      <TicketPriorityBadge priority={priority} />
    </Group>
  );
}
