import type { Generated } from 'kysely';
import type { CreatedAt } from './core';

export type TicketCategory = 'billing' | 'technical' | 'general';
export type TicketPriority = 'low' | 'medium' | 'high' | 'urgent';
export type TicketStatus = 'open' | 'in_progress' | 'resolved' | 'closed';

export type SupportTicketsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  /** Human-friendly and unique, e.g. SUP-000123 (from a sequence). */
  ticket_number: Generated<string>;
  user_id: number;
  organization_id: number | null;
  subject: string;
  description: string;
  category: TicketCategory;
  priority: Generated<TicketPriority>;
  status: Generated<TicketStatus>;
  /** The latest message is the customer's (kept by a trigger on the messages; true when new). */
  awaiting_staff: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
};

export type SupportTicketMessagesTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  ticket_id: number;
  author_id: number | null;
  is_staff_reply: Generated<boolean>;
  message: string;
  created_at: CreatedAt;
};

export type SupportAttachmentsTable = {
  id: Generated<number>;
  uuid: Generated<string>;
  ticket_id: number;
  message_id: number | null;
  storage_key: string;
  original_name: string;
  content_type: string;
  size: number;
  created_at: CreatedAt;
};

export type SupportTables = {
  support_tickets: SupportTicketsTable;
  support_ticket_messages: SupportTicketMessagesTable;
  support_attachments: SupportAttachmentsTable;
};
