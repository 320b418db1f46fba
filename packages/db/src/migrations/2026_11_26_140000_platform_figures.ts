import { sql, type Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * The operator console's figures (issue 23), kept so that reading them costs the same at any size.
 *
 * - platform_counters: a handful of rows, (kind, key) → count and a sum of additional venues:
 *   users (non-staff customers by verified / unverified), organizations by status, subscriptions
 *   by plan:status (with Σ additional_venues, so MRR = Σ count × base + venues × per-venue price),
 *   instances by status:health and support tickets by status:waiting|answered.
 * - platform_counter_deltas: what the triggers append (+1 / −1) on every insert, delete or change
 *   of a counted column. Triggers only INSERT, so concurrent writers never wait on one hot row;
 *   a worker task folds the deltas into platform_counters every minute and readers add the few
 *   deltas not folded yet.
 * - support_tickets.awaiting_staff: the latest message is the customer's (a new ticket waits
 *   on staff); a trigger on support_ticket_messages keeps it.
 * - platform_daily_figures: one row per closed UTC day (MRR, subscriptions in force, sign-ups,
 *   cancellations, median first response of the 30 days ending that day), written by a worker
 *   task, so a 12-month trend reads a few rows.
 * - Indexes for the bounded lists and today's live figures, and the customers / instances search.
 *
 * scmp_recount_platform_figures() rebuilds the counters from the rows (here, and after a bulk
 * load that ran with triggers off).
 */
const FUNCTIONS_AND_TRIGGERS = [
  `
    CREATE FUNCTION scmp_ticket_message_awaiting() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE support_tickets SET awaiting_staff = NOT NEW.is_staff_reply
        WHERE id = NEW.ticket_id AND awaiting_staff IS DISTINCT FROM (NOT NEW.is_staff_reply)
          AND NOT EXISTS (SELECT 1 FROM support_ticket_messages m
            WHERE m.ticket_id = NEW.ticket_id AND m.created_at > NEW.created_at);
      RETURN NULL;
    END $$`,
  `
    CREATE TRIGGER support_ticket_messages_awaiting AFTER INSERT ON support_ticket_messages
      FOR EACH ROW EXECUTE FUNCTION scmp_ticket_message_awaiting()`,
  `
    CREATE FUNCTION scmp_platform_key(tbl text, r jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE tbl
        WHEN 'users' THEN CASE WHEN (r ->> 'is_staff')::boolean THEN NULL
          ELSE ARRAY['users', CASE WHEN r ->> 'email_verified_at' IS NULL THEN 'unverified' ELSE 'verified' END, '0'] END
        WHEN 'organizations' THEN ARRAY['organizations', r ->> 'status', '0']
        WHEN 'subscriptions' THEN ARRAY['subscriptions', (r ->> 'plan_type') || ':' || (r ->> 'status'), r ->> 'additional_venues']
        WHEN 'instances' THEN ARRAY['instances', (r ->> 'status') || ':' || coalesce(r ->> 'last_health_status', 'unknown'), '0']
        WHEN 'support_tickets' THEN ARRAY['tickets', (r ->> 'status') || ':' ||
          CASE WHEN (r ->> 'awaiting_staff')::boolean THEN 'waiting' ELSE 'answered' END, '0']
      END
    $$`,
  `
    CREATE FUNCTION scmp_platform_figures_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      o text[];
      n text[];
    BEGIN
      IF TG_OP <> 'INSERT' THEN o := scmp_platform_key(TG_TABLE_NAME, to_jsonb(OLD)); END IF;
      IF TG_OP <> 'DELETE' THEN n := scmp_platform_key(TG_TABLE_NAME, to_jsonb(NEW)); END IF;
      IF o IS NOT DISTINCT FROM n THEN RETURN NULL; END IF;
      IF o IS NOT NULL THEN
        INSERT INTO platform_counter_deltas (kind, key, count, venues) VALUES (o[1], o[2], -1, -(o[3]::integer));
      END IF;
      IF n IS NOT NULL THEN
        INSERT INTO platform_counter_deltas (kind, key, count, venues) VALUES (n[1], n[2], 1, n[3]::integer);
      END IF;
      RETURN NULL;
    END $$`,
  `
    CREATE TRIGGER users_platform_figures AFTER INSERT OR DELETE OR UPDATE OF is_staff, email_verified_at
      ON users FOR EACH ROW EXECUTE FUNCTION scmp_platform_figures_change()`,
  `
    CREATE TRIGGER organizations_platform_figures AFTER INSERT OR DELETE OR UPDATE OF status
      ON organizations FOR EACH ROW EXECUTE FUNCTION scmp_platform_figures_change()`,
  `
    CREATE TRIGGER subscriptions_platform_figures AFTER INSERT OR DELETE OR UPDATE OF plan_type, status, additional_venues
      ON subscriptions FOR EACH ROW EXECUTE FUNCTION scmp_platform_figures_change()`,
  `
    CREATE TRIGGER instances_platform_figures AFTER INSERT OR DELETE OR UPDATE OF status, last_health_status
      ON instances FOR EACH ROW EXECUTE FUNCTION scmp_platform_figures_change()`,
  `
    CREATE TRIGGER support_tickets_platform_figures AFTER INSERT OR DELETE OR UPDATE OF status, awaiting_staff
      ON support_tickets FOR EACH ROW EXECUTE FUNCTION scmp_platform_figures_change()`,
  `
    CREATE FUNCTION scmp_recount_platform_figures() RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM platform_counter_deltas;
      DELETE FROM platform_counters;
      INSERT INTO platform_counters (kind, key, count, venues)
        SELECT 'users', CASE WHEN email_verified_at IS NULL THEN 'unverified' ELSE 'verified' END, count(*), 0
          FROM users WHERE NOT is_staff GROUP BY 2
        UNION ALL SELECT 'organizations', status, count(*), 0 FROM organizations GROUP BY 2
        UNION ALL SELECT 'subscriptions', plan_type || ':' || status, count(*), sum(additional_venues)
          FROM subscriptions GROUP BY 2
        UNION ALL SELECT 'instances', status || ':' || coalesce(last_health_status, 'unknown'), count(*), 0
          FROM instances GROUP BY 2
        UNION ALL SELECT 'tickets', status || ':' || CASE WHEN awaiting_staff THEN 'waiting' ELSE 'answered' END,
          count(*), 0 FROM support_tickets GROUP BY 2;
    END $$`,
  `
    SELECT scmp_recount_platform_figures()`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE platform_counters (
      kind text NOT NULL,
      key text NOT NULL,
      count bigint NOT NULL DEFAULT 0,
      venues bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (kind, key)
    );
    CREATE TABLE platform_counter_deltas (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      kind text NOT NULL,
      key text NOT NULL,
      count integer NOT NULL,
      venues integer NOT NULL DEFAULT 0
    );
    CREATE TABLE platform_daily_figures (
      day date PRIMARY KEY,
      mrr_pence bigint NOT NULL,
      subscriptions_in_force integer NOT NULL,
      sign_ups integer NOT NULL,
      cancellations integer NOT NULL,
      first_response_median_seconds integer,
      first_response_tickets integer NOT NULL DEFAULT 0,
      mrr_source text NOT NULL CHECK (mrr_source IN ('snapshot', 'reconstructed')),
      recorded_at timestamptz NOT NULL DEFAULT now()
    );

    ALTER TABLE support_tickets ADD COLUMN awaiting_staff boolean NOT NULL DEFAULT true;
    UPDATE support_tickets t SET awaiting_staff = false WHERE EXISTS (
      SELECT 1 FROM support_ticket_messages m WHERE m.ticket_id = t.id AND m.is_staff_reply
        AND NOT EXISTS (SELECT 1 FROM support_ticket_messages later
          WHERE later.ticket_id = t.id AND later.created_at > m.created_at));

    `,
  );
  for (const statement of FUNCTIONS_AND_TRIGGERS) await sql.raw(statement).execute(db);
  await runSql(
    db,
    `
    CREATE INDEX users_created_at_idx ON users (created_at);
    CREATE INDEX users_email_search_idx ON users ((lower(email) COLLATE "C"), id);
    CREATE INDEX users_name_search_idx ON users ((lower(name) COLLATE "C"), id);
    CREATE INDEX organizations_name_search_idx ON organizations ((lower(name) COLLATE "C"), owner_id);
    CREATE INDEX instances_host_search_idx ON instances ((lower(host) COLLATE "C"), id) WHERE host IS NOT NULL;
    CREATE INDEX instances_name_search_idx ON instances ((lower(name) COLLATE "C"), id);
    CREATE INDEX instances_status_idx ON instances (status, id);
    CREATE INDEX instances_unhealthy_idx ON instances (last_health_check DESC)
      WHERE last_health_status = 'unhealthy' AND status <> 'terminated';
    CREATE INDEX subscriptions_past_due_idx ON subscriptions (past_due_since)
      WHERE status IN ('past_due', 'suspended');
    CREATE INDEX subscriptions_cancelled_at_idx ON subscriptions (cancelled_at)
      WHERE cancelled_at IS NOT NULL;
    CREATE INDEX support_tickets_created_at_idx ON support_tickets (created_at);
    CREATE INDEX support_ticket_messages_staff_idx ON support_ticket_messages (ticket_id, created_at)
      WHERE is_staff_reply;
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP INDEX support_ticket_messages_staff_idx;
    DROP INDEX support_tickets_created_at_idx;
    DROP INDEX subscriptions_cancelled_at_idx;
    DROP INDEX subscriptions_past_due_idx;
    DROP INDEX instances_unhealthy_idx;
    DROP INDEX instances_status_idx;
    DROP INDEX instances_name_search_idx;
    DROP INDEX instances_host_search_idx;
    DROP INDEX organizations_name_search_idx;
    DROP INDEX users_name_search_idx;
    DROP INDEX users_email_search_idx;
    DROP INDEX users_created_at_idx;
    DROP TRIGGER support_tickets_platform_figures ON support_tickets;
    DROP TRIGGER instances_platform_figures ON instances;
    DROP TRIGGER subscriptions_platform_figures ON subscriptions;
    DROP TRIGGER organizations_platform_figures ON organizations;
    DROP TRIGGER users_platform_figures ON users;
    DROP TRIGGER support_ticket_messages_awaiting ON support_ticket_messages;
    DROP FUNCTION scmp_recount_platform_figures();
    DROP FUNCTION scmp_platform_figures_change();
    DROP FUNCTION scmp_platform_key(text, jsonb);
    DROP FUNCTION scmp_ticket_message_awaiting();
    ALTER TABLE support_tickets DROP COLUMN awaiting_staff;
    DROP TABLE platform_daily_figures;
    DROP TABLE platform_counter_deltas;
    DROP TABLE platform_counters;
    `,
  );
}
