import { Badge } from '@mantine/core';
import {
  TICKET_CATEGORIES,
  TICKET_CATEGORY_LABELS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  type TicketPriorityValue,
  type TicketStatusValue,
} from '@scmp/api/contracts/support';

const STATUS_COLORS: Record<TicketStatusValue, string> = {
  open: 'blue',
  in_progress: 'orange',
  resolved: 'green',
  closed: 'gray',
};

const PRIORITY_COLORS: Record<TicketPriorityValue, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'red',
  urgent: 'grape',
};

export function TicketStatusBadge({ status }: { status: TicketStatusValue }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="ticket-status">
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriorityValue }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="dot" data-testid="ticket-priority">
      {TICKET_PRIORITY_LABELS[priority]} priority
    </Badge>
  );
}

const optionsOf = <V extends string>(values: readonly V[], labels: Record<V, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** The options of the ticket pickers (new ticket form, staff console filters, status control). */
export const TICKET_STATUS_OPTIONS = optionsOf(TICKET_STATUSES, TICKET_STATUS_LABELS);
export const TICKET_PRIORITY_OPTIONS = optionsOf(TICKET_PRIORITIES, TICKET_PRIORITY_LABELS);
export const TICKET_CATEGORY_OPTIONS = optionsOf(TICKET_CATEGORIES, TICKET_CATEGORY_LABELS);
