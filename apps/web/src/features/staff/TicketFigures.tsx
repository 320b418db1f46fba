import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { StaffSection } from './StaffSection';
import { formatDay, formatDuration, plural, type StaffOverview } from './types';

/** The support queue in figures, with the way to the ticket queue. */
export function TicketFigures({ tickets }: { tickets: StaffOverview['tickets'] }) {
  return (
    <StaffSection
      titleId="tickets-title"
      title="Support queue"
      aside={
        <Anchor component={Link} to="/dashboard/support/staff" size="sm">
          Open the ticket queue
        </Anchor>
      }
    >
      <Group gap="xl" wrap="wrap">
        <div>
          <Text fz={24} fw={700}>
            {tickets.open}
          </Text>
          <Text size="sm" c="gray.7">
            open or in progress
          </Text>
        </div>
        <div>
          <Text fz={24} fw={700}>
            {tickets.waiting_on_staff}
          </Text>
          <Text size="sm" c="gray.7">
            waiting on staff
          </Text>
        </div>
        <div>
          <Text fz={24} fw={700}>
            {tickets.median_first_response_seconds === null
              ? '—'
              : formatDuration(tickets.median_first_response_seconds)}
          </Text>
          <Text size="sm" c="gray.7">
            median first response
          </Text>
        </div>
      </Group>
      <Text size="xs" c="gray.7">
        {tickets.median_first_response_seconds === null
          ? 'No ticket created in the last 30 days has a staff reply yet.'
          : `Over ${tickets.first_response_tickets} answered ${plural(tickets.first_response_tickets, 'ticket')} created in the 30 days to ${formatDay(tickets.first_response_as_of)}.`}
      </Text>
    </StaffSection>
  );
}
