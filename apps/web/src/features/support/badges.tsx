import { Badge } from '@mantine/core';
import {
  TICKET_PRIORITY_LABELS,
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
