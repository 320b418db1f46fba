import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What the kept pg patch does on a real PostgreSQL (this file runs on the PostgreSQL pass only,
 * vitest.config.ts): a named statement is described once per connection, and its later runs
 * answer the same rows and fields without the server's Describe. A table change under a prepared
 * `SELECT *` cannot leave the kept description stale: PostgreSQL refuses the old plan ("cached
 * plan must not change result type"), which prepared-statements.ts answers with a fresh name.
 */
let client: pg.Client;
let describes = 0;

beforeAll(async () => {
  client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  await client.query(`
    CREATE TEMP TABLE patch_people (id int PRIMARY KEY, name text, born timestamptz, score int);
    INSERT INTO patch_people VALUES (1, 'Ann', '2000-01-02T03:04:05Z', 10), (2, 'Bo', NULL, NULL);
  `);
  const connection = (client as unknown as { connection: { describe: (m: unknown) => void } })
    .connection;
  const describe = connection.describe.bind(connection);
  connection.describe = (message) => {
    describes += 1;
    describe(message);
  };
});
afterAll(() => client.end());

const byId = (name: string, id: number) =>
  client.query({ name, text: 'SELECT * FROM patch_people WHERE id = $1', values: [id] });

describe('a described statement on PostgreSQL', () => {
  it('asks for the description once and answers every run the same', async () => {
    const before = describes;
    const first = await byId('patch_by_id', 1);
    const second = await byId('patch_by_id', 1);
    const third = await byId('patch_by_id', 2);
    expect(describes - before).toBe(1);
    expect(second.rows).toEqual(first.rows);
    expect(second.rows[0]).not.toBe(first.rows[0]);
    expect(first.rows).toEqual([
      { id: 1, name: 'Ann', born: new Date('2000-01-02T03:04:05Z'), score: 10 },
    ]);
    expect(third.rows).toEqual([{ id: 2, name: 'Bo', born: null, score: null }]);
    expect(third.fields.map((f) => f.name)).toEqual(['id', 'name', 'born', 'score']);
  });

  it("parses with the client's own type parsers", async () => {
    const own = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    own.setTypeParser(pg.types.builtins.INT4, (value: string) => `#${value}`);
    await own.connect();
    try {
      const run = () => own.query({ name: 'patch_int', text: 'SELECT $1::int AS n', values: [7] });
      expect((await run()).rows).toEqual([{ n: '#7' }]);
      expect((await run()).rows).toEqual([{ n: '#7' }]);
      expect((await byId('patch_int', 1)).rows[0]).toMatchObject({ id: 1 });
    } finally {
      await own.end();
    }
  });

  it('still describes every unnamed query', async () => {
    const before = describes;
    await client.query('SELECT name FROM patch_people WHERE id = $1', [1]);
    await client.query('SELECT name FROM patch_people WHERE id = $1', [1]);
    expect(describes - before).toBe(2);
  });

  it('cannot answer with a stale description after the table changes', async () => {
    await byId('patch_stale', 1);
    await client.query('ALTER TABLE patch_people ADD COLUMN house text');
    await expect(byId('patch_stale', 1)).rejects.toMatchObject({ code: '0A000' });
    const fresh = await byId('patch_stale_2', 1);
    expect(fresh.fields.map((f) => f.name)).toEqual(['id', 'name', 'born', 'score', 'house']);
    expect(fresh.rows[0]).toMatchObject({ id: 1, name: 'Ann', house: null });
  });
});
