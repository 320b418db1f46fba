import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createDb, type DbHandle } from './create-db';
import { pgliteStartParams } from './pglite-module';
import { migrateToLatest } from './migrate';

/**
 * Fresh migrated databases for tests, fast.
 * - PGlite (default): initdb + migrations once per schema version, dumped to a snapshot file in the
 *   temp folder; each test database is loaded from it (~0.5 s instead of ~4 s).
 * - PostgreSQL (TEST_DB_DRIVER=postgres with TEST_DATABASE_URL): a migrated template database per
 *   schema version; each test database is `CREATE DATABASE … TEMPLATE` (a file copy).
 */
const migrationsDir = path.join(import.meta.dirname, 'migrations');

function schemaVersion(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir).sort()) {
    hash.update(name);
    hash.update(readFileSync(path.join(migrationsDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

function snapshotPath(): string {
  return path.join(os.tmpdir(), `scmp-pglite-${schemaVersion()}.tar`);
}

/** Builds the PGlite snapshot if it does not exist yet (vitest globalSetup calls this once). */
export async function ensurePgliteSnapshot(): Promise<string> {
  const file = snapshotPath();
  if (existsSync(file)) return file;
  const pglite = await PGlite.create({ startParams: pgliteStartParams(PGlite) });
  const handle = await createDb({ dataDir: '', pglite });
  await migrateToLatest(handle.db);
  const dump = await pglite.dumpDataDir('none');
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  await handle.close();
  return file;
}

export function testDriver(): 'pglite' | 'postgres' {
  return process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';
}

export type TestDatabase = DbHandle & { url?: string };

export async function createTestDb(): Promise<TestDatabase> {
  if (testDriver() === 'postgres') return createPostgresTestDb();
  const file = await ensurePgliteSnapshot();
  const pglite = await PGlite.create({
    loadDataDir: new Blob([readFileSync(file)]),
    startParams: pgliteStartParams(PGlite),
  });
  return createDb({ dataDir: '', pglite });
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
  return url;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(sqlText: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sqlText);
  } finally {
    await client.end();
  }
}

/** Creates the migrated template once per schema version (safe across parallel workers). */
export async function ensurePostgresTemplate(): Promise<string> {
  const template = `scmp_tpl_${schemaVersion()}`;
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(424242)');
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE ${template}`);
      const handle = await createDb({
        dataDir: '',
        databaseUrl: withDatabase(adminUrl(), template),
        poolSize: 1,
      });
      await migrateToLatest(handle.db);
      await handle.close();
    }
    await client.query('SELECT pg_advisory_unlock(424242)');
  } finally {
    await client.end();
  }
  return template;
}

async function createPostgresTestDb(): Promise<TestDatabase> {
  const template = await ensurePostgresTemplate();
  const name = `scmp_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(adminUrl(), name);
  const handle = await createDb({ dataDir: '', databaseUrl: url, poolSize: 5 });
  return {
    ...handle,
    url,
    close: async () => {
      await handle.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
