import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { compileOnce } from './compiled-query';

type Db = { people: { id: number; name: string; team: string; active: boolean } };

/** A Kysely on a driver that records what it is asked to run and answers with its parameters. */
function recordingDb() {
  const executed: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (query) => {
      executed.push(query);
      return { rows: [{ parameters: query.parameters }] as never[] };
    },
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const db = new Kysely<Db>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, executed };
}

const byTeamAndName = compileOnce((db: Kysely<Db>, team: string, name: string) =>
  db
    .selectFrom('people')
    .select(['id', 'name'])
    .where('active', '=', true)
    .where('name', '=', name)
    .where('team', '=', team),
);

describe('compileOnce', () => {
  it('runs the same SQL with each call’s parameters in the places Kysely bound them', async () => {
    const { db, executed } = recordingDb();
    await byTeamAndName(db, 'blue', 'Ada');
    await byTeamAndName(db, 'red', 'Grace');
    expect(executed).toHaveLength(2);
    expect(executed[0]!.sql).toBe(
      'select "id", "name" from "people" where "active" = $1 and "name" = $2 and "team" = $3',
    );
    expect(executed[1]!.sql).toBe(executed[0]!.sql);
    // Constants the builder bound stay; the call's values go where their stand-ins were.
    expect(executed[0]!.parameters).toEqual([true, 'Ada', 'blue']);
    expect(executed[1]!.parameters).toEqual([true, 'Grace', 'red']);
  });

  it('compiles once per database and returns the rows', async () => {
    const first = recordingDb();
    const second = recordingDb();
    const rows = await byTeamAndName(first.db, 'blue', 'Ada');
    await byTeamAndName(second.db, 'green', 'Alan');
    expect(rows).toEqual([{ parameters: [true, 'Ada', 'blue'] }]);
    expect(second.executed[0]!.parameters).toEqual([true, 'Alan', 'green']);
    // The compiled query object is reused: same node tree on every call.
    await byTeamAndName(first.db, 'red', 'Grace');
    expect(first.executed[1]!.query).toBe(first.executed[0]!.query);
  });

  it('refuses a builder that does not bind every parameter', async () => {
    const { db } = recordingDb();
    const unbound = compileOnce((k: Kysely<Db>, _team: string) =>
      k.selectFrom('people').select('id'),
    );
    await expect(unbound(db, 'blue')).rejects.toThrow('parameter 0 is not bound');
  });
});
