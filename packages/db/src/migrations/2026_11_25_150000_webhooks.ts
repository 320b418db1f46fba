import { sql, type Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Webhooks (issue 22): an organization's endpoints, the events that happened (the outbox) and one
 * delivery per endpoint and event, each attempt a job on the durable queue.
 *
 * `scmp_webhook_emit` is the one way an event is recorded: it runs inside the transaction of the
 * change that caused it (the services call it; the billing tables call it from triggers, because
 * subscriptions and invoices change from many places — the customer, the renewal sweep, Stripe's
 * webhooks), so a crash can neither lose an event nor send one for a change that rolled back.
 * It writes nothing when no enabled endpoint of the organization listens for the event. `p_at` is
 * the application's clock; the triggers pass NULL (the database's now(), and the first attempt due
 * at once, whatever the application's clock says).
 *
 * Endpoints outlive their organization only to send `organization.deleted`: deleting an
 * organization retires them (no FK), and the sweep removes retired endpoints later.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE webhook_endpoints (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      organization_id integer NOT NULL,
      url text NOT NULL,
      description text,
      events jsonb NOT NULL,
      secret_encrypted text NOT NULL,
      enabled boolean NOT NULL DEFAULT true,
      disabled_reason text,
      failing_since timestamptz,
      retired_at timestamptz,
      created_by integer REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_endpoints_organization_idx ON webhook_endpoints (organization_id)
      WHERE retired_at IS NULL;

    CREATE TABLE webhook_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      message_id text NOT NULL UNIQUE,
      organization_id integer NOT NULL,
      organization_uuid uuid NOT NULL,
      organization_name text NOT NULL,
      type text NOT NULL,
      object_uuid uuid,
      data jsonb,
      body text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_events_created_idx ON webhook_events (created_at);

    CREATE TABLE webhook_deliveries (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      endpoint_id integer NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
      event_id bigint NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'retrying', 'succeeded', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      last_attempt_at timestamptz,
      response_status integer,
      response_body text,
      duration_ms integer,
      error text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, created_at DESC, id DESC);
    CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);

  `,
  );
  // Function bodies hold semicolons, so each is one statement of its own.
  for (const statement of FUNCTIONS) await sql.raw(statement).execute(db);
}

const FUNCTIONS = [
  `
    CREATE FUNCTION scmp_webhook_emit(
      p_organization_id integer, p_type text, p_object_uuid uuid, p_data jsonb, p_at timestamptz
    ) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      v_org record;
      v_event_id bigint;
      v_delivery record;
    BEGIN
      IF NOT EXISTS (
        SELECT 1 FROM webhook_endpoints
        WHERE organization_id = p_organization_id AND enabled AND retired_at IS NULL
          AND events ? p_type
      ) THEN
        RETURN;
      END IF;
      SELECT uuid, name INTO v_org FROM organizations WHERE id = p_organization_id;
      IF NOT FOUND THEN
        RETURN;
      END IF;
      INSERT INTO webhook_events
        (message_id, organization_id, organization_uuid, organization_name, type, object_uuid, data, created_at)
      VALUES ('msg_' || replace(gen_random_uuid()::text, '-', ''), p_organization_id, v_org.uuid,
        v_org.name, p_type, p_object_uuid, p_data, coalesce(p_at, now()))
      RETURNING id INTO v_event_id;
      FOR v_delivery IN
        INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at, created_at)
        SELECT id, v_event_id, coalesce(p_at, now()), coalesce(p_at, now()) FROM webhook_endpoints
        WHERE organization_id = p_organization_id AND enabled AND retired_at IS NULL
          AND events ? p_type
        RETURNING id
      LOOP
        INSERT INTO jobs (type, payload, run_at, unique_key, max_attempts)
        VALUES ('webhooks.deliver', jsonb_build_object('deliveryId', v_delivery.id, 'attempt', 1),
          coalesce(p_at, '-infinity'), 'webhook-delivery:' || v_delivery.id || ':1', 3);
      END LOOP;
    END;
    $$`,
  `
    CREATE FUNCTION scmp_webhook_subscription_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM scmp_webhook_emit(NEW.organization_id, 'subscription.created', NEW.uuid, NULL, NULL);
      ELSIF NEW.status IN ('cancelled', 'expired') AND OLD.status NOT IN ('cancelled', 'expired') THEN
        PERFORM scmp_webhook_emit(NEW.organization_id, 'subscription.canceled', NEW.uuid, NULL, NULL);
      ELSIF (NEW.status, NEW.plan_type, NEW.additional_venues, NEW.current_period_end,
             NEW.payment_method_id, NEW.service_ends_at)
            IS DISTINCT FROM
            (OLD.status, OLD.plan_type, OLD.additional_venues, OLD.current_period_end,
             OLD.payment_method_id, OLD.service_ends_at) THEN
        PERFORM scmp_webhook_emit(NEW.organization_id, 'subscription.updated', NEW.uuid, NULL, NULL);
      END IF;
      RETURN NULL;
    END;
    $$`,
  `
    CREATE TRIGGER subscriptions_webhooks AFTER INSERT OR UPDATE ON subscriptions
      FOR EACH ROW EXECUTE FUNCTION scmp_webhook_subscription_trigger()`,
  `
    CREATE FUNCTION scmp_webhook_invoice_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status = 'paid' AND (TG_OP = 'INSERT' OR OLD.status <> 'paid') THEN
        PERFORM scmp_webhook_emit(NEW.organization_id, 'invoice.paid', NEW.uuid, NULL, NULL);
      ELSIF NEW.status = 'failed' AND (TG_OP = 'INSERT' OR OLD.status <> 'failed') THEN
        PERFORM scmp_webhook_emit(NEW.organization_id, 'invoice.payment_failed', NEW.uuid, NULL, NULL);
      END IF;
      RETURN NULL;
    END;
    $$`,
  `
    CREATE TRIGGER invoices_webhooks AFTER INSERT OR UPDATE OF status ON invoices
      FOR EACH ROW EXECUTE FUNCTION scmp_webhook_invoice_trigger()`,
];

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP TRIGGER IF EXISTS invoices_webhooks ON invoices;
    DROP TRIGGER IF EXISTS subscriptions_webhooks ON subscriptions;
    DROP FUNCTION IF EXISTS scmp_webhook_invoice_trigger();
    DROP FUNCTION IF EXISTS scmp_webhook_subscription_trigger();
    DROP FUNCTION IF EXISTS scmp_webhook_emit(integer, text, uuid, jsonb, timestamptz);
    DROP TABLE IF EXISTS webhook_deliveries;
    DROP TABLE IF EXISTS webhook_events;
    DROP TABLE IF EXISTS webhook_endpoints;
  `,
  );
}
