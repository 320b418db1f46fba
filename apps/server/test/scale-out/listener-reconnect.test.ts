import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_KEYS, createEventBus, silentLogger, type EventBus } from '@scmp/api';
import { createTestDb, type TestDatabase } from '@scmp/db/testing';

/**
 * The LISTEN connection of a process survives a database blip: it is cut (as a restart or a
 * failover would), the bus reconnects on its own, tells its subscribers that events may have
 * been missed (ALL_KEYS: caches empty themselves) and hears the other processes again.
 */
let database: TestDatabase;
let bus: EventBus;
const heard: string[] = [];
const warnings: string[] = [];

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  database = await createTestDb();
  bus = await createEventBus({
    db: database.db,
    logger: () => ({ ...silentLogger, warn: (_obj, msg) => warnings.push(String(msg)) }),
    source: { databaseUrl: database.url },
  });
  bus.subscribe('branding', (key) => heard.push(key));
});
afterAll(async () => {
  await bus.close();
  await database.close();
});

const listenerBackends = async () =>
  (
    await sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity
      WHERE application_name = 'scmp-listener' AND datname = current_database()`.execute(
      database.db,
    )
  ).rows.map((r) => r.pid);

describe('LISTEN connection after a database blip', () => {
  it('reconnects, empties the caches once and hears notifications again', async () => {
    expect(bus.connected()).toBe(true);
    const [pid] = await listenerBackends();
    expect(pid).toBeDefined();

    await sql`SELECT pg_terminate_backend(${pid})`.execute(database.db);
    await eventually(() => !bus.connected(), 2000);
    expect(warnings.some((w) => w.includes('disconnected'))).toBe(true);

    await eventually(async () => bus.connected() && (await listenerBackends()).length === 1);
    expect(bus.connected()).toBe(true);
    expect(heard).toContain(ALL_KEYS);

    heard.length = 0;
    await sql`SELECT pg_notify('scmp_events', ${JSON.stringify({ c: 'branding', k: 'after' })})`.execute(
      database.db,
    );
    await eventually(() => heard.includes('after'));
    expect(heard).toEqual(['after']);
  });
});
