import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateToLatest } from '@scmp/db';
import { createTestDb, testDriver } from '@scmp/db/testing';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareNewDatabase, preparesInChild } from '../src/prepare-new-database';

/**
 * A new database is prepared by the bundled CLI in a child process (issue 25). Here a
 * stand-in CLI records the command it was given and creates db/PG_VERSION the way initdb does;
 * the real one runs in every browser test and benchmark, each of which starts on a new folder.
 */
let dir: string;
let cli: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'scmp-prepare-'));
  cli = path.join(dir, 'cli.cjs');
  writeFileSync(
    cli,
    `const fs = require('node:fs'); const path = require('node:path');
     const [command] = process.argv.slice(2);
     if (process.env.FAKE_CLI_FAIL) { console.error('migration 42 failed'); process.exit(3); }
     fs.mkdirSync(path.join(process.env.FAKE_DATA_DIR, 'db'), { recursive: true });
     fs.writeFileSync(path.join(process.env.FAKE_DATA_DIR, 'db', 'PG_VERSION'), '17');
     fs.writeFileSync(path.join(process.env.FAKE_DATA_DIR, 'command'), command);
     fs.writeFileSync(path.join(process.env.FAKE_DATA_DIR, 'flags'), process.execArgv.join(' '));
     console.log('Demo data created.');`,
  );
  process.env.FAKE_DATA_DIR = dir;
});
afterEach(() => {
  delete process.env.FAKE_DATA_DIR;
  delete process.env.FAKE_CLI_FAIL;
  rmSync(dir, { recursive: true, force: true });
});

describe('preparing a new database in a child process', () => {
  it('happens from the bundle, on PGlite when the folder holds no database yet', async () => {
    await expect(preparesInChild({ databaseUrl: '', dataDir: dir }, cli)).resolves.toBe(true);
    await expect(
      preparesInChild({ databaseUrl: '', dataDir: dir }, path.join(dir, 'no-cli.js')),
    ).resolves.toBe(false);
    mkdirSync(path.join(dir, 'db'));
    writeFileSync(path.join(dir, 'db', 'PG_VERSION'), '17');
    await expect(preparesInChild({ databaseUrl: '', dataDir: dir }, cli)).resolves.toBe(false);
  });

  it("on this pass's database: a new one is prepared, a migrated one is not", async () => {
    if (testDriver() === 'pglite') {
      const handle = await createDb({ dataDir: dir }); // initdb writes db/PG_VERSION
      await migrateToLatest(handle.db);
      await handle.close();
      await expect(preparesInChild({ databaseUrl: '', dataDir: dir }, cli)).resolves.toBe(false);
      return;
    }
    const migrated = await createTestDb();
    const empty = new URL(migrated.url ?? '');
    empty.pathname = `/scmp_new_${process.pid}`;
    try {
      await sql`CREATE DATABASE ${sql.id(empty.pathname.slice(1))}`.execute(migrated.db);
      await expect(preparesInChild({ databaseUrl: migrated.url, dataDir: dir }, cli)).resolves.toBe(
        false,
      );
      await expect(
        preparesInChild({ databaseUrl: empty.toString(), dataDir: dir }, cli),
      ).resolves.toBe(true);
    } finally {
      await sql`DROP DATABASE IF EXISTS ${sql.id(empty.pathname.slice(1))} WITH (FORCE)`.execute(
        migrated.db,
      );
      await migrated.close();
    }
  }, 60_000);

  it('seeds in local mode and only migrates otherwise, then the folder counts as prepared', async () => {
    await expect(prepareNewDatabase({ dataDir: dir, seedDemoData: true }, cli)).resolves.toBe(true);
    expect(readFileSync(path.join(dir, 'command'), 'utf8')).toBe('seed');
    // PGlite's WebAssembly is not optimised in the short-lived child.
    expect(readFileSync(path.join(dir, 'flags'), 'utf8').split(' ')).toContain('--liftoff-only');
    await expect(preparesInChild({ databaseUrl: '', dataDir: dir }, cli)).resolves.toBe(false);

    await expect(prepareNewDatabase({ dataDir: dir, seedDemoData: false }, cli)).resolves.toBe(
      false,
    );
    expect(readFileSync(path.join(dir, 'command'), 'utf8')).toBe('migrate');
  });

  it('fails the start with the folder and exit code when the child fails', async () => {
    process.env.FAKE_CLI_FAIL = '1';
    await expect(prepareNewDatabase({ dataDir: dir, seedDemoData: true }, cli)).rejects.toThrow(
      'Preparing the new database failed (exit code 3).',
    );
  });
});
