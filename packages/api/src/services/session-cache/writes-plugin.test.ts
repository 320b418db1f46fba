import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '@scmp/db';
import { sessionWritesPlugin } from './writes-plugin';

/** A Kysely that compiles and "runs" queries without a database. */
function dryDb(onWrite: () => void) {
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    plugins: [sessionWritesPlugin(onWrite)],
  });
}

describe('session writes plugin', () => {
  it('reports updates and deletes of users and sessions, except the last-activity refresh', async () => {
    let writes = 0;
    const db = dryDb(() => (writes += 1));
    await db.updateTable('users').set({ name: 'x' }).where('id', '=', 1).execute();
    await db.deleteFrom('users').where('id', '=', 1).execute();
    await db.updateTable('sessions').set({ revoked_at: new Date() }).execute();
    await db.deleteFrom('sessions').where('id', '=', 1).execute();
    expect(writes).toBe(4);
    await db.updateTable('sessions').set({ last_active_at: new Date() }).execute();
    await db.selectFrom('users').selectAll().execute();
    await db.updateTable('organizations').set({ name: 'y' }).execute();
    await db
      .insertInto('sessions')
      .values({ user_id: 1, token_hash: 'h', expires_at: new Date() })
      .execute();
    expect(writes).toBe(4);
  });
});
