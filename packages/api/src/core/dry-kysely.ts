import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type KyselyConfig,
} from 'kysely';
import type { Database } from '@scmp/db';

/**
 * A Kysely that compiles queries as PostgreSQL does and "runs" them without a database (every
 * query answers no rows), for tests of the SQL a piece of code sends: see it with `log`, or
 * watch it with `plugins`.
 */
export function dryKysely(config: Omit<KyselyConfig, 'dialect'> = {}): Kysely<Database> {
  return new Kysely<Database>({
    ...config,
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}
