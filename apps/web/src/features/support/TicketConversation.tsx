import { Divider, Text } from '@mantine/core';
import type { TicketAttachment } from './api';
import { AttachmentList } from './AttachmentList';
import { ReplyBox } from './ReplyBox';
import { TicketThread } from './TicketThread';

/**
 * A ticket's body as its customer and the staff both see it: the description, its attachments,
 * the conversation and the reply box (disabled, with its reason, once the ticket is closed).
 */
export function TicketConversation({
  ticket,
  viewer,
  replyLabel,
  closedReason,
  replying,
  onReply,
}: {
  ticket: {
    status: string;
    description: string;
    attachments: TicketAttachment[];
    messages: Parameters<typeof TicketThread>[0]['messages'];
  };
  viewer: Parameters<typeof TicketThread>[0]['viewer'];
  replyLabel?: string;
  closedReason: string;
  replying: boolean;
  onReply: (message: string) => Promise<unknown>;
}) {
  return (
    <>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {ticket.description}
      </Text>
      <AttachmentList attachments={ticket.attachments} />
      <Divider label="Conversation" labelPosition="left" />
      <TicketThread messages={ticket.messages} viewer={viewer} />
      <ReplyBox
        label={replyLabel}
        busy={replying}
        disabled={ticket.status === 'closed'}
        disabledReason={closedReason}
        onSend={onReply}
      />
    </>
  );
}
