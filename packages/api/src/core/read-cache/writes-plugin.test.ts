import { describe, expect, it } from 'vitest';
import { dryKysely } from '../dry-kysely';
import { ORGANIZATION_LIST_WRITES } from '../../domain/organizations/list-cache';
import { SESSION_WRITES } from '../session-cache';
import { writesPlugin, type WatchedWrites } from './writes-plugin';

/** A Kysely that compiles and "runs" queries without a database; counts watched writes. */
function dryDb(watch: WatchedWrites) {
  const counter = { writes: 0 };
  const db = dryKysely({
    plugins: [writesPlugin([{ watch, onWrite: () => (counter.writes += 1) }])],
  });
  return { db, counter };
}

describe('writes plugin', () => {
  it('reports updates and deletes of users and sessions, except the last-activity refresh', async () => {
    const { db, counter } = dryDb(SESSION_WRITES);
    await db.updateTable('users').set({ name: 'x' }).where('id', '=', 1).execute();
    await db.deleteFrom('users').where('id', '=', 1).execute();
    await db.updateTable('sessions').set({ revoked_at: new Date() }).execute();
    await db.deleteFrom('sessions').where('id', '=', 1).execute();
    expect(counter.writes).toBe(4);
    await db.updateTable('sessions').set({ last_active_at: new Date() }).execute();
    await db.selectFrom('users').selectAll().execute();
    await db.updateTable('organizations').set({ name: 'y' }).execute();
    await db
      .insertInto('sessions')
      .values({ user_id: 1, token_hash: 'h', expires_at: new Date() })
      .execute();
    expect(counter.writes).toBe(4);
  });

  it('reports inserts, updates and deletes of organizations and instances', async () => {
    const { db, counter } = dryDb(ORGANIZATION_LIST_WRITES);
    await db
      .insertInto('organizations')
      .values({ owner_id: 1, name: 'A', type: 'school' })
      .execute();
    await db.updateTable('organizations').set({ name: 'B' }).where('id', '=', 1).execute();
    await db.deleteFrom('organizations').where('id', '=', 1).execute();
    await db.updateTable('instances').set({ status: 'suspended' }).where('id', '=', 1).execute();
    await db.deleteFrom('instances').where('id', '=', 1).execute();
    expect(counter.writes).toBe(5);
    await db.selectFrom('organizations').selectAll().execute();
    await db.updateTable('users').set({ name: 'x' }).execute();
    await db
      .updateTable('instances')
      .set({ last_health_check: new Date(), last_health_status: 'healthy' })
      .execute();
    expect(counter.writes).toBe(5);
  });

  it('serves every cache from one plugin, each forgetting only on its own tables', async () => {
    const seen: string[] = [];
    const db = dryDb(SESSION_WRITES)
      .db.withoutPlugins()
      .withPlugin(
        writesPlugin([
          { watch: SESSION_WRITES, onWrite: () => seen.push('sessions') },
          { watch: ORGANIZATION_LIST_WRITES, onWrite: () => seen.push('organizations') },
        ]),
      );
    await db.deleteFrom('sessions').where('id', '=', 1).execute();
    await db.updateTable('organizations').set({ name: 'y' }).execute();
    await db.selectFrom('organizations').selectAll().execute();
    expect(seen).toEqual(['sessions', 'organizations']);
  });
});
