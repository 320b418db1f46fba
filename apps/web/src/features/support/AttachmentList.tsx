import { Anchor, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { downloadAttachment, formatBytes, type TicketAttachment } from './api';

export function AttachmentList({ attachments }: { attachments: TicketAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <Group gap={6} wrap="nowrap">
            <IconPaperclip size={14} aria-hidden />
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                downloadAttachment(attachment).catch((error: unknown) => {
                  notifications.show({
                    color: 'red',
                    message:
                      error instanceof Error ? error.message : 'Failed to download the attachment',
                  });
                });
              }}
            >
              {attachment.name}
            </Anchor>
            <Text size="xs" c="gray.7">
              {formatBytes(attachment.size)}
            </Text>
          </Group>
        </li>
      ))}
    </ul>
  );
}
