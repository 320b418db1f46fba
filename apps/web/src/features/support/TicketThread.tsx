import { Badge, Box, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconHeadset } from '@tabler/icons-react';
import { AttachmentList } from './AttachmentList';
import { formatDateTime, type TicketMessage } from './api';

/** The message thread: staff replies are tinted, labelled and on the left; the customer's on the right. */
export function TicketThread({
  messages,
  viewer,
}: {
  messages: TicketMessage[];
  /** Whose point of view: the customer's own messages, or the staff's. */
  viewer: 'customer' | 'staff';
}) {
  if (messages.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        No replies yet.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars data-testid="ticket-thread">
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {messages.map((message) => {
          const own = viewer === 'staff' ? message.is_staff_reply : !message.is_staff_reply;
          return (
            <Box
              component="li"
              key={message.id}
              style={{ display: 'flex', justifyContent: own ? 'flex-end' : 'flex-start' }}
            >
              <Paper
                withBorder
                p="sm"
                radius="md"
                maw="85%"
                data-testid="ticket-message"
                data-staff-reply={message.is_staff_reply ? 'true' : 'false'}
                bg={
                  message.is_staff_reply
                    ? 'var(--mantine-color-blue-0)'
                    : 'var(--mantine-color-gray-0)'
                }
                style={
                  message.is_staff_reply
                    ? { borderLeft: '4px solid var(--mantine-color-blue-6)' }
                    : undefined
                }
              >
                <Group gap="xs" mb={4} wrap="wrap">
                  {message.is_staff_reply && <IconHeadset size={16} aria-hidden />}
                  <Text size="sm" fw={600}>
                    {message.author_name}
                  </Text>
                  {message.is_staff_reply && (
                    <Badge size="xs" color="blue" variant="filled">
                      Support team
                    </Badge>
                  )}
                  <Text size="xs" c="gray.7">
                    {formatDateTime(message.created_at)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.message}
                </Text>
                <AttachmentList attachments={message.attachments} />
              </Paper>
            </Box>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
