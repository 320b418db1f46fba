import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/**
 * Session caches in every server process (packages/api services/session-cache) must hear about
 * any change to a user or a session, whoever makes it. These triggers NOTIFY the event bus's
 * channel with {"c":"sessions","k":"<user id>"} on every UPDATE or DELETE of a user, every
 * DELETE of a session and every session UPDATE except the once-a-minute last-activity refresh.
 * The NOTIFY is sent when the transaction commits, so nobody forgets too early for good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE OR REPLACE FUNCTION scmp_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('scmp_events', json_build_object('c', 'sessions', 'k', to_jsonb(OLD) ->> TG_ARGV[0])::text); RETURN NULL; END $$;
    CREATE TRIGGER users_session_cache AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION scmp_notify_session_change('id');
    CREATE TRIGGER sessions_session_cache_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION scmp_notify_session_change('user_id');
    CREATE TRIGGER sessions_session_cache_update AFTER UPDATE ON sessions FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.token_hash IS DISTINCT FROM NEW.token_hash OR OLD.user_id IS DISTINCT FROM NEW.user_id) EXECUTE FUNCTION scmp_notify_session_change('user_id')
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    DROP TRIGGER IF EXISTS sessions_session_cache_update ON sessions;
    DROP TRIGGER IF EXISTS sessions_session_cache_delete ON sessions;
    DROP TRIGGER IF EXISTS users_session_cache ON users;
    DROP FUNCTION IF EXISTS scmp_notify_session_change()
  `,
  );
}
