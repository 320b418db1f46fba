import type { Kysely } from 'kysely';
import { runSql } from '../run-sql';

/** Activity log and notification preferences. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE activity_events (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL,
      action text NOT NULL,
      description text NOT NULL,
      severity text NOT NULL DEFAULT 'info',
      ip_address text,
      user_agent text,
      device text,
      location text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX activity_events_user_idx ON activity_events (user_id, created_at DESC, id DESC);
    CREATE INDEX activity_events_user_type_idx ON activity_events (user_id, type, created_at DESC, id DESC);

    CREATE TABLE notification_preferences (
      user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      preferences jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runSql(db, 'DROP TABLE notification_preferences; DROP TABLE activity_events');
}
