import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  TICKET_CATEGORY_LABELS,
  type TicketCategoryValue,
  type TicketPriorityValue,
  type TicketStatusValue,
} from '@scmp/api/contracts/support';
import { formatDateTime } from './api';
import { TicketPriorityBadge, TicketStatusBadge } from './badges';

/** A ticket's subject, its status and priority badges and "<category> · Opened <when>[<suffix>]". */
export function TicketHeading({
  ticket,
  above,
  suffix = '',
}: {
  ticket: {
    subject: string;
    status: TicketStatusValue;
    priority: TicketPriorityValue;
    category: TicketCategoryValue;
    created_at: string;
  };
  /** Shown over the subject (the staff panel's ticket number). */
  above?: ReactNode;
  /** Appended to the category line, e.g. " · <organization>". */
  suffix?: string;
}) {
  return (
    <div>
      {above}
      <Title order={2} size="h3">
        {ticket.subject}
      </Title>
      <Group gap="xs" mt="xs">
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
        <Text size="sm" c="gray.7">
          {TICKET_CATEGORY_LABELS[ticket.category]} · Opened {formatDateTime(ticket.created_at)}
          {suffix}
        </Text>
      </Group>
    </div>
  );
}
