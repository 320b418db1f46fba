import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import type { Database } from './database';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { loadPg } from './pg-module';
import { loadPglite, pgliteStartParams } from './pglite-module';
import { withPreparedSelects } from './pglite-prepared';
import { usePreparedStatements } from './prepared-statements';

export type DbConfig = {
  /** postgres://… switches to PostgreSQL; empty means the embedded PGlite under dataDir. */
  databaseUrl?: string | undefined;
  /** Folder that holds the embedded database (`<dataDir>/db`). */
  dataDir: string;
  /** PostgreSQL pool size per process. */
  poolSize?: number;
  /** Plan each SELECT once: named prepared statements on PostgreSQL, PREPARE/EXECUTE on PGlite
   * (default true; off for PgBouncer in transaction mode before 1.21). */
  preparedStatements?: boolean;
  /** An already opened PGlite (tests hand in a cloned snapshot). */
  pglite?: PGlite;
};

export type DbHandle = {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Cheap round trip, used by the health check. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
  /** The PGlite instance when embedded (for snapshots in tests). */
  pglite?: PGlite;
};

export async function createDb(config: DbConfig): Promise<DbHandle> {
  if (config.databaseUrl) {
    return createPostgres(
      config.databaseUrl,
      config.poolSize ?? 10,
      config.preparedStatements ?? true,
    );
  }
  return createPglite(config);
}

async function createPostgres(
  url: string,
  poolSize: number,
  preparedStatements: boolean,
): Promise<DbHandle> {
  const pool = new (loadPg().Pool)({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // A dropped connection must not crash the process; the next query reconnects. The pool's own
  // listener covers idle clients only: a checked-out client (a query or transaction in flight)
  // emits 'error' when PostgreSQL shuts down (57P01), so every client gets a listener too. The
  // query itself still fails (→ 503) and the broken client is discarded on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    if (preparedStatements) usePreparedStatements(client);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

async function createPglite(config: DbConfig): Promise<DbHandle> {
  let lock: DataDirLock | undefined;
  let pglite = config.pglite;
  if (!pglite) {
    const dir = path.resolve(config.dataDir, 'db');
    mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(dir);
    try {
      const PGliteClass = await loadPglite();
      pglite = await PGliteClass.create({
        dataDir: dir,
        relaxedDurability: false,
        startParams: pgliteStartParams(PGliteClass),
      });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const instance = pglite;
  // The dialect only calls `query`: SELECTs are planned once (pglite-prepared.ts).
  const client = config.preparedStatements === false ? instance : withPreparedSelects(instance);
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client as PGlite) });
  return {
    db,
    kind: 'pglite',
    pglite: instance,
    ping: async () => {
      await instance.query('select 1');
    },
    close: async () => {
      await db.destroy();
      if (!instance.closed) await instance.close();
      lock?.release();
    },
  };
}
