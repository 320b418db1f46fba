import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/** Support desk: tickets, their message thread and attachments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE SEQUENCE support_ticket_number_seq START 1;
    CREATE TABLE support_tickets (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      ticket_number text NOT NULL DEFAULT ('SUP-' || lpad(nextval('support_ticket_number_seq')::text, 6, '0')),
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      organization_id integer REFERENCES organizations(id) ON DELETE SET NULL,
      subject text NOT NULL,
      description text NOT NULL,
      category text NOT NULL CHECK (category IN ('billing', 'technical', 'general')),
      priority text NOT NULL DEFAULT 'medium' CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX support_tickets_number_unique ON support_tickets (ticket_number);
    CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, created_at DESC);
    CREATE INDEX support_tickets_queue_idx ON support_tickets (status, priority, created_at);
    CREATE INDEX support_tickets_organization_idx ON support_tickets (organization_id) WHERE organization_id IS NOT NULL;

    CREATE TABLE support_ticket_messages (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      ticket_id integer NOT NULL REFERENCES support_tickets(id) ON DELETE CASCADE,
      author_id integer REFERENCES users(id) ON DELETE SET NULL,
      is_staff_reply boolean NOT NULL DEFAULT false,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX support_ticket_messages_ticket_idx ON support_ticket_messages (ticket_id, created_at);

    CREATE TABLE support_attachments (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      ticket_id integer NOT NULL REFERENCES support_tickets(id) ON DELETE CASCADE,
      message_id integer REFERENCES support_ticket_messages(id) ON DELETE CASCADE,
      storage_key text NOT NULL,
      original_name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX support_attachments_ticket_idx ON support_attachments (ticket_id);
    CREATE INDEX support_attachments_message_idx ON support_attachments (message_id) WHERE message_id IS NOT NULL
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    'DROP TABLE support_attachments;\nDROP TABLE support_ticket_messages;\nDROP TABLE support_tickets;\nDROP SEQUENCE support_ticket_number_seq',
  );
}
