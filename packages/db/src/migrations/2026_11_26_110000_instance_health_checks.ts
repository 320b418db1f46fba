import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Every health check the worker makes of an instance (issue 23): the result, the HTTP status and
 * the response time, kept 90 days (a periodic task prunes older rows). One index serves the
 * instance page's queries (uptime per period, incidents, the response-time chart), all of which
 * read one instance's checks in a time range; pruning reads checked_at alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE instance_health_checks (
      id bigserial PRIMARY KEY,
      instance_id integer NOT NULL REFERENCES instances (id) ON DELETE CASCADE,
      checked_at timestamptz NOT NULL,
      healthy boolean NOT NULL,
      status_code integer,
      response_ms integer NOT NULL,
      detail text
    );
    CREATE INDEX instance_health_checks_instance_idx
      ON instance_health_checks (instance_id, checked_at DESC);
    CREATE INDEX instance_health_checks_checked_at_idx ON instance_health_checks (checked_at);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE instance_health_checks');
}
