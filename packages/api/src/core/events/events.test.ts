import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '@scmp/db/testing';
import { silentLogger } from '../logger';
import {
  ALL_KEYS,
  createEventBus,
  createLocalEventBus,
  notifyChange,
  type EventBus,
} from './events';

/** Two buses on one database stand for two server processes (PGlite or PostgreSQL pass). */
let database: TestDatabase;
let first: EventBus;
let second: EventBus;

const source = () => ({ databaseUrl: database.url, pglite: database.pglite });

async function eventually(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

beforeAll(async () => {
  database = await createTestDb();
  first = await createEventBus({ db: database.db, logger: () => silentLogger, source: source() });
  second = await createEventBus({ db: database.db, logger: () => silentLogger, source: source() });
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.close();
});

describe('event bus', () => {
  it('delivers a publish to this process at once and to the other one shortly after', async () => {
    const here: string[] = [];
    const there: string[] = [];
    const offHere = first.subscribe('branding', (key) => here.push(key));
    const offThere = second.subscribe('branding', (key) => there.push(key));
    const publishing = first.publish('branding', 'acme');
    expect(here).toEqual(['acme']);
    await publishing;
    await eventually(() => there.includes('acme'));
    expect(there).toContain('acme');
    offHere();
    offThere();
  });

  it('tells the others about a change made in a transaction only when it commits', async () => {
    const heard: string[] = [];
    const off = second.subscribe('branding', (key) => heard.push(key));
    await database.db
      .transaction()
      .execute(async (trx) => {
        await notifyChange(trx, 'branding', 'rolled-back');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction().execute(async (trx) => {
      await notifyChange(trx, 'branding', ALL_KEYS);
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual([]);
    });
    await eventually(() => heard.includes(ALL_KEYS));
    expect(heard).toEqual([ALL_KEYS]);
    off();
  });

  it('keeps delivering when one subscriber throws, and ignores foreign payloads', async () => {
    const heard: string[] = [];
    const offBad = second.subscribe('branding', () => {
      throw new Error('boom');
    });
    const offGood = second.subscribe('branding', (key) => heard.push(key));
    await sql`SELECT pg_notify('scmp_events', 'not json')`.execute(database.db);
    await first.publish('branding', 'next');
    await eventually(() => heard.includes('next'));
    expect(heard).toEqual(['next']);
    offBad();
    offGood();
  });

  it('has a process-only variant for tests and single processes', async () => {
    const bus = createLocalEventBus(() => silentLogger);
    const heard: string[] = [];
    bus.subscribe('branding', (key) => heard.push(key));
    await bus.publish('branding', 'x');
    expect(heard).toEqual(['x']);
    expect(bus.connected()).toBe(false);
    await bus.close();
    await bus.publish('branding', 'y');
    expect(heard).toEqual(['x']);
  });
});
