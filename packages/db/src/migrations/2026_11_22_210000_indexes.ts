import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Indexes found missing by the growth bench (npm run bench:seed): foreign keys that are read by
 * key (an invoice's lines) or followed by ON DELETE CASCADE / SET NULL when a user, organization,
 * subscription or payment method goes, which would otherwise scan the whole child table.
 * And ticket numbers past SUP-999999: lpad() truncates longer numbers, so the millionth ticket
 * would have collided with SUP-100000; numbers now keep all their digits (6 at least).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE INDEX IF NOT EXISTS invoice_lines_invoice_idx ON invoice_lines (invoice_id);
    CREATE INDEX IF NOT EXISTS invoices_subscription_idx ON invoices (subscription_id);
    CREATE INDEX IF NOT EXISTS subscriptions_owner_idx ON subscriptions (owner_id);
    CREATE INDEX IF NOT EXISTS subscriptions_payment_method_idx ON subscriptions (payment_method_id) WHERE payment_method_id IS NOT NULL;
    CREATE INDEX IF NOT EXISTS payment_methods_user_idx ON payment_methods (user_id);
    CREATE INDEX IF NOT EXISTS support_ticket_messages_author_idx ON support_ticket_messages (author_id) WHERE author_id IS NOT NULL;
    CREATE OR REPLACE FUNCTION next_support_ticket_number() RETURNS text LANGUAGE sql VOLATILE AS $$ SELECT 'SUP-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM (SELECT nextval('support_ticket_number_seq') AS n) s $$;
    ALTER TABLE support_tickets ALTER COLUMN ticket_number SET DEFAULT next_support_ticket_number()
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE support_tickets ALTER COLUMN ticket_number SET DEFAULT ('SUP-' || lpad(nextval('support_ticket_number_seq')::text, 6, '0'));
    DROP FUNCTION IF EXISTS next_support_ticket_number();
    DROP INDEX IF EXISTS support_ticket_messages_author_idx;
    DROP INDEX IF EXISTS payment_methods_user_idx;
    DROP INDEX IF EXISTS subscriptions_payment_method_idx;
    DROP INDEX IF EXISTS subscriptions_owner_idx;
    DROP INDEX IF EXISTS invoices_subscription_idx;
    DROP INDEX IF EXISTS invoice_lines_invoice_idx
  `,
  );
}
