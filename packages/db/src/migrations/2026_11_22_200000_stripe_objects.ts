import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Stripe's own objects: one provider customer per organization (kept across subscriptions),
 * Stripe's raw subscription status beside ours, and why Stripe issued each mirrored invoice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE billing_customers (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_customer_id text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, provider)
    );
    ALTER TABLE subscriptions ADD COLUMN provider_status text;
    ALTER TABLE invoices ADD COLUMN billing_reason text
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `ALTER TABLE invoices DROP COLUMN billing_reason;
    ALTER TABLE subscriptions DROP COLUMN provider_status;
    DROP TABLE billing_customers`,
  );
}
