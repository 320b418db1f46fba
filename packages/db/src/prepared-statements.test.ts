import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { MAX_PREPARED_PER_CONNECTION } from './prepared-names';
import { usePreparedStatements } from './prepared-statements';

type Call = { name?: string; text: string; values?: unknown[] };

/** A stand-in pg client recording what reaches `query`; `fail` decides a call's error. */
function fakeClient(fail: (call: Call) => Error | undefined = () => undefined, status = 'I') {
  const calls: Call[] = [];
  const client = {
    getTransactionStatus: () => status,
    query: async (text: unknown, values?: unknown[]) => {
      const call = typeof text === 'string' ? { text, values } : (text as Call);
      calls.push(call);
      const error = fail(call);
      if (error) throw error;
      return { rows: [], command: 'SELECT', rowCount: 0 };
    },
  };
  usePreparedStatements(client as unknown as pg.PoolClient);
  return { client, calls };
}

const stalePlan = () =>
  Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });

describe('prepared statements', () => {
  it('names each distinct SELECT once and leaves writes unnamed', async () => {
    const { client, calls } = fakeClient();
    await client.query('select * from users where id = $1', [1]);
    await client.query('select * from users where id = $1', [2]);
    await client.query('WITH x AS (select 1) select * from x', []);
    await client.query('update users set name = $1', ['a']);
    expect(calls[0]!.name).toMatch(/^k[0-9a-f]{24}_0$/);
    expect(calls[1]!.name).toBe(calls[0]!.name);
    expect(calls[1]!.values).toEqual([2]);
    expect(calls[2]!.name).not.toBe(calls[0]!.name);
    expect(calls[3]!.name).toBeUndefined();
  });

  it('stops naming new texts past the per-connection cap', async () => {
    const { client, calls } = fakeClient();
    for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION; i++) {
      await client.query(`select ${i}`, []);
    }
    expect(calls.at(-2)!.name).toBeDefined();
    expect(calls.at(-1)!.name).toBeUndefined();
  });

  it('prepares again under a new name after a migration, retrying outside a transaction', async () => {
    let refuse = true;
    const { client, calls } = fakeClient(() =>
      refuse ? ((refuse = false), stalePlan()) : undefined,
    );
    await client.query('select * from users', []);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.name).not.toBe(calls[0]!.name);
  });

  it('surfaces the stale plan inside a transaction, and uses a fresh name next time', async () => {
    let refuse = true;
    const { client, calls } = fakeClient(
      () => (refuse ? ((refuse = false), stalePlan()) : undefined),
      'T',
    );
    await expect(client.query('select * from users', [])).rejects.toThrow('cached plan');
    await client.query('select * from users', []);
    expect(calls[1]!.name).not.toBe(calls[0]!.name);
  });
});

describe('prepared statements on the test database', () => {
  it('keeps answering a SELECT * after a migration changed its table', async () => {
    const { createTestDb } = await import('./testing');
    const database = await createTestDb();
    try {
      const { sql } = await import('kysely');
      await sql`CREATE TABLE prepared_probe (id int)`.execute(database.db);
      await sql`INSERT INTO prepared_probe VALUES (1)`.execute(database.db);
      const read = () =>
        database.db
          .selectFrom('prepared_probe' as never)
          .selectAll()
          .execute();
      expect(await read()).toEqual([{ id: 1 }]);
      await sql`ALTER TABLE prepared_probe ADD COLUMN label text DEFAULT 'x'`.execute(database.db);
      expect(await read()).toEqual([{ id: 1, label: 'x' }]);
    } finally {
      await database.close();
    }
  });
});
