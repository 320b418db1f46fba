import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { sql, type Kysely } from 'kysely';
import { loadPglite } from './pglite-module';

/**
 * What backup and restore need from the database drivers (the server's backup module runs
 * pg_dump / pg_restore and tar around these).
 */

/** Dumps an open embedded database to a .tar.gz of its data directory. */
export async function dumpPgliteTo(pglite: PGlite, file: string): Promise<void> {
  // A checkpoint first, so the dumped data files need no WAL replay; PGlite runs in this thread,
  // so the dump is one consistent picture of the data directory.
  await pglite.exec('CHECKPOINT');
  const dump = await pglite.dumpDataDir('gzip');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
}

/** Creates an embedded database in an empty folder from such a dump, and closes it. */
export async function loadPgliteDump(dataDir: string, dump: Buffer): Promise<void> {
  const PGliteClass = await loadPglite();
  const pglite = await PGliteClass.create({
    dataDir,
    loadDataDir: new Blob([new Uint8Array(dump)]),
    relaxedDurability: false,
  });
  await pglite.exec('CHECKPOINT');
  await pglite.close();
}

/** The newest migration applied, or null on a database that was never migrated. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function newestMigration(db: Kysely<any>): Promise<string | null> {
  const exists = await sql<{ found: string | null }>`
    SELECT to_regclass('public.kysely_migration')::text AS found`.execute(db);
  if (!exists.rows[0]?.found) return null;
  const result = await sql<{ name: string }>`
    SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  return result.rows[0]?.name ?? null;
}

/** How many tables the public schema holds (0: an empty database a restore may fill). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function publicTableCount(db: Kysely<any>): Promise<number> {
  const result = await sql<{ count: string | number }>`
    SELECT count(*) AS count FROM pg_catalog.pg_tables WHERE schemaname = 'public'`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** Empties a PostgreSQL database's public schema (restore --force). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function resetPublicSchema(db: Kysely<any>): Promise<void> {
  await sql`DROP SCHEMA public CASCADE`.execute(db);
  await sql`CREATE SCHEMA public`.execute(db);
}
