import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedSelects } from './pglite-prepared';

let pglite: PGlite;
let client: ReturnType<typeof withPreparedSelects>;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    CREATE TABLE people (id serial PRIMARY KEY, name text, born timestamptz, active boolean, score int);
    INSERT INTO people (name, born, active, score) VALUES
      ('Ann', '2000-01-02T03:04:05Z', true, 10),
      ('O''Brien', '1990-06-01T00:00:00Z', false, 20),
      ('back\\slash', NULL, true, NULL);
  `);
  client = withPreparedSelects(pglite);
});
afterAll(() => pglite.close());

const prepared = async () =>
  (await pglite.query<{ name: string }>('SELECT name FROM pg_prepared_statements')).rows.length;

describe('prepared SELECTs on PGlite', () => {
  it('answers exactly as an unprepared query, for every scalar kind', async () => {
    const cases: Array<[string, unknown[]]> = [
      ['SELECT * FROM people WHERE name = $1', ["O'Brien"]],
      ['SELECT * FROM people WHERE name = $1', ['back\\slash']],
      ['SELECT * FROM people WHERE born < $1 ORDER BY id', [new Date('1995-01-01T00:00:00Z')]],
      ['SELECT id, active FROM people WHERE active = $1 ORDER BY id', [true]],
      ['SELECT id FROM people WHERE score > $1 OR score IS NULL ORDER BY id', [15]],
      ['SELECT count(*)::int AS n FROM people WHERE name IS DISTINCT FROM $1', [null]],
    ];
    for (const [sql, params] of cases) {
      expect((await client.query(sql, params)).rows).toEqual(
        (await pglite.query(sql, params)).rows,
      );
    }
    expect(await prepared()).toBeGreaterThan(0);
  });

  it('keeps a hostile string a value, never SQL', async () => {
    const hostile = "x'); DROP TABLE people; --";
    const res = await client.query('SELECT * FROM people WHERE name = $1', [hostile]);
    expect(res.rows).toEqual([]);
    expect((await pglite.query('SELECT count(*)::int AS n FROM people')).rows).toEqual([{ n: 3 }]);
  });

  it('leaves writes, arrays and statements inside a transaction to the plain query', async () => {
    const before = await prepared();
    await client.query('UPDATE people SET score = $1 WHERE id = $2', [11, 1]);
    expect((await client.query('SELECT id FROM people WHERE id = ANY($1)', [[1, 2]])).rows).toEqual(
      [{ id: 1 }, { id: 2 }],
    );
    await pglite.exec('BEGIN');
    await client.query('SELECT * FROM people WHERE score = $1', [11]);
    await pglite.exec('COMMIT');
    expect(await prepared()).toBe(before);
  });

  it('survives a migration under a prepared SELECT *', async () => {
    const read = () => client.query('SELECT * FROM people WHERE id = $1', [2]);
    expect(Object.keys((await read()).rows[0] as object)).not.toContain('nickname');
    await pglite.exec("ALTER TABLE people ADD COLUMN nickname text DEFAULT 'nick'");
    expect((await read()).rows[0]).toMatchObject({ id: 2, nickname: 'nick' });
    expect((await read()).rows[0]).toMatchObject({ id: 2, nickname: 'nick' });
  });

  it('runs a statement PostgreSQL cannot prepare the plain way', async () => {
    expect((await client.query('SELECT $1 AS v', ['free'])).rows).toEqual([{ v: 'free' }]);
  });
});
