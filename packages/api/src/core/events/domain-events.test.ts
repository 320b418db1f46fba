import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '@scmp/db';
import { createTestDb, type TestDatabase } from '@scmp/db/testing';
import { createDomainEvents } from './domain-events';

/** A scratch table: the emitter writes its change there, the handlers their reactions. */
let database: TestDatabase;
const rows = async (db: Kysely<Database>) =>
  (
    await sql<{ note: string }>`SELECT note FROM domain_event_probe ORDER BY id`.execute(db)
  ).rows.map((r) => r.note);
const write = (db: Kysely<Database>, note: string) =>
  sql`INSERT INTO domain_event_probe (note) VALUES (${note})`.execute(db);

beforeAll(async () => {
  database = await createTestDb();
  await sql`CREATE TABLE domain_event_probe (id serial PRIMARY KEY, note text NOT NULL)`.execute(
    database.db,
  );
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await sql`DELETE FROM domain_event_probe`.execute(database.db);
});

describe('domain events', () => {
  it('runs the handlers in the emitter’s transaction: they see its change and roll back with it', async () => {
    const events = createDomainEvents();
    const seen: string[][] = [];
    events.on('organization.updated', async (db, event) => {
      seen.push(await rows(db));
      await write(db, `reaction ${event.organizationId}`);
    });
    await database.db.transaction().execute(async (trx) => {
      await write(trx, 'change 1');
      await events.emit(trx, 'organization.updated', { organizationId: 1 });
    });
    expect(seen).toEqual([['change 1']]);
    expect(await rows(database.db)).toEqual(['change 1', 'reaction 1']);

    const failed = database.db.transaction().execute(async (trx) => {
      await write(trx, 'change 2');
      await events.emit(trx, 'organization.updated', { organizationId: 2 });
      throw new Error('the change fails after its event');
    });
    await expect(failed).rejects.toThrow('the change fails after its event');
    expect(await rows(database.db)).toEqual(['change 1', 'reaction 1']);
  });

  it('runs the handlers one after another, awaited, in the order they subscribed', async () => {
    const events = createDomainEvents();
    const order: string[] = [];
    events.on('member.added', async (_db, event) => {
      order.push(`first starts ${event.userId}`);
      await new Promise((resolve) => setImmediate(resolve));
      order.push('first ends');
    });
    events.on('member.added', async () => {
      order.push('second');
    });
    events.on('member.removed', async () => {
      order.push('another event');
    });
    await events.emit(database.db, 'member.added', { organizationId: 1, userId: 7 });
    expect(order).toEqual(['first starts 7', 'first ends', 'second']);
  });

  it('stops calling a handler once unsubscribed, and emits with no handler as a no-op', async () => {
    const events = createDomainEvents();
    const calls: number[] = [];
    const off = events.on('instance.created', async (_db, event) => {
      calls.push(event.instanceId);
    });
    await events.emit(database.db, 'instance.created', { organizationId: 1, instanceId: 1 });
    off();
    off();
    await events.emit(database.db, 'instance.created', { organizationId: 1, instanceId: 2 });
    await events.emit(database.db, 'instance.deleted', { organizationId: 1, instanceId: 3 });
    expect(calls).toEqual([1]);
  });

  it('fails the emit when a handler throws: later handlers do not run and the change rolls back', async () => {
    const events = createDomainEvents();
    const later: string[] = [];
    events.on('branding.updated', async (db) => {
      await write(db, 'reaction');
      throw new Error('the reaction failed');
    });
    events.on('branding.updated', async () => {
      later.push('ran');
    });
    const emitting = database.db.transaction().execute(async (trx) => {
      await write(trx, 'change');
      await events.emit(trx, 'branding.updated', { organizationId: 1, targetUuid: 'x' });
    });
    await expect(emitting).rejects.toThrow('the reaction failed');
    expect(later).toEqual([]);
    expect(await rows(database.db)).toEqual([]);
  });
});
