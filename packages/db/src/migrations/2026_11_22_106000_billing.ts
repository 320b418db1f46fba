import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/** Schema of the billing area: subscriptions, payment methods, invoices, provider events, idempotency. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE payment_methods (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      provider_id text NOT NULL UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('card', 'sepa_debit')),
      brand text NOT NULL,
      last4 text NOT NULL,
      test_behaviour text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE subscriptions (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      organization_id integer NOT NULL UNIQUE REFERENCES organizations(id) ON DELETE CASCADE,
      owner_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_customer_id text,
      provider_subscription_id text UNIQUE,
      plan_type text NOT NULL CHECK (plan_type IN ('basic', 'unlimited')),
      additional_venues integer NOT NULL DEFAULT 0 CHECK (additional_venues >= 0),
      status text NOT NULL,
      payment_method_id integer REFERENCES payment_methods(id) ON DELETE SET NULL,
      payment_type text NOT NULL DEFAULT 'card',
      current_period_start timestamptz NOT NULL,
      current_period_end timestamptz NOT NULL,
      past_due_since timestamptz,
      cancelled_at timestamptz,
      service_ends_at timestamptz,
      credit_pence integer NOT NULL DEFAULT 0,
      suspended_instance_ids jsonb NOT NULL DEFAULT '[]',
      billing_details jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX subscriptions_period_end_idx ON subscriptions (status, current_period_end);
    CREATE TABLE invoices (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      number text NOT NULL UNIQUE,
      subscription_id integer NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      description text NOT NULL,
      status text NOT NULL CHECK (status IN ('paid', 'pending', 'failed')),
      total_pence integer NOT NULL,
      currency text NOT NULL DEFAULT 'GBP',
      provider_invoice_id text UNIQUE,
      hosted_url text,
      pdf_url text,
      billing_details jsonb NOT NULL,
      period_start timestamptz,
      period_end timestamptz,
      attempt_count integer NOT NULL DEFAULT 1,
      next_attempt_at timestamptz,
      failure_message text,
      paid_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX invoices_organization_idx ON invoices (organization_id, created_at DESC);
    CREATE TABLE invoice_lines (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      description text NOT NULL,
      quantity integer NOT NULL DEFAULT 1,
      unit_amount_pence integer NOT NULL,
      amount_pence integer NOT NULL
    );
    CREATE TABLE billing_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      provider text NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, event_id)
    );
    CREATE TABLE idempotency_keys (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      key text NOT NULL,
      scope text NOT NULL,
      response jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, key)
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    'DROP TABLE idempotency_keys; DROP TABLE billing_events; DROP TABLE invoice_lines; DROP TABLE invoices; DROP TABLE subscriptions; DROP TABLE payment_methods',
  );
}
