import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareEmbeddedDatabase, preparesInChild } from '../src/prepare-embedded';

/**
 * A new embedded database is created by the bundled CLI in a child process (issue 25). Here a
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
     console.log('Demo data created.');`,
  );
  process.env.FAKE_DATA_DIR = dir;
});
afterEach(() => {
  delete process.env.FAKE_DATA_DIR;
  delete process.env.FAKE_CLI_FAIL;
  rmSync(dir, { recursive: true, force: true });
});

describe('creating a new embedded database in a child process', () => {
  it('happens only on the embedded database, from the bundle, when the folder has none', () => {
    expect(preparesInChild({ databaseUrl: '', dataDir: dir }, cli)).toBe(true);
    expect(preparesInChild({ databaseUrl: 'postgres://x/db', dataDir: dir }, cli)).toBe(false);
    expect(preparesInChild({ databaseUrl: '', dataDir: dir }, path.join(dir, 'no-cli.js'))).toBe(
      false,
    );
    mkdirSync(path.join(dir, 'db'));
    writeFileSync(path.join(dir, 'db', 'PG_VERSION'), '17');
    expect(preparesInChild({ databaseUrl: '', dataDir: dir }, cli)).toBe(false);
  });

  it('seeds in local mode and only migrates otherwise, then the folder counts as prepared', async () => {
    await expect(prepareEmbeddedDatabase({ dataDir: dir, seedDemoData: true }, cli)).resolves.toBe(
      true,
    );
    expect(readFileSync(path.join(dir, 'command'), 'utf8')).toBe('seed');
    expect(preparesInChild({ databaseUrl: '', dataDir: dir }, cli)).toBe(false);

    await expect(prepareEmbeddedDatabase({ dataDir: dir, seedDemoData: false }, cli)).resolves.toBe(
      false,
    );
    expect(readFileSync(path.join(dir, 'command'), 'utf8')).toBe('migrate');
  });

  it('fails the start with the folder and exit code when the child fails', async () => {
    process.env.FAKE_CLI_FAIL = '1';
    await expect(
      prepareEmbeddedDatabase({ dataDir: dir, seedDemoData: true }, cli),
    ).rejects.toThrow(`Creating the embedded database in ${dir} failed (exit code 3).`);
  });
});
