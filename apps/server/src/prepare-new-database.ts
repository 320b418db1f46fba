import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createDb, newestMigration } from '@scmp/db';
import type { ServerConfig } from './config';

/** The bundled CLI beside the bundled server (absent when running from source with tsx). */
const CLI = path.join(import.meta.dirname, 'cli.js');

/** Node flags of the child that prepares a new database (see prepareNewDatabase). */
export const CHILD_FLAGS = ['--liftoff-only'];

/**
 * Whether the server should have its new database prepared by a child process: from the bundle,
 * when the database was never set up — on PGlite, DATA_DIR holds no database yet (initdb writes
 * db/PG_VERSION); on PostgreSQL, no migration was ever applied.
 */
export async function preparesInChild(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  cli = CLI,
): Promise<boolean> {
  if (!existsSync(cli)) return false;
  if (!config.databaseUrl) return !existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'));
  const handle = await createDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    return (await newestMigration(handle.db)) === null;
  } finally {
    await handle.close();
  }
}

/**
 * Creates the database (initdb on PGlite), applies the migrations and, in local mode, adds the
 * demo data, in a short-lived process running the bundled CLI (`migrate` or `seed`). Resolves
 * whether demo data was added.
 *
 * Why a process of its own (issue 25): memory a process has touched stays with it. Creating and
 * seeding the embedded database grows PGlite's WebAssembly memory, which never shrinks, and has
 * V8 optimise PostgreSQL's executor, which needs ~600 MB of compiler memory for a moment; the
 * server that did this itself sat at ~245 MB idle against ~205 MB after a restart (on
 * PostgreSQL, ~117 MB against ~109 MB: the seed's garbage and its compiled code). Done here, the
 * server then opens a finished database exactly as on every later start. It costs the first
 * start about a second (PGlite's WebAssembly is compiled twice).
 *
 * The child runs PGlite's WebAssembly unoptimised (--liftoff-only; an operator's node flags
 * follow and win): its work is short, and optimising the executor there only cost time and
 * memory. Measured on a 2-CPU machine, `seed` on a new folder: 9.2 s and a 1.1 GB peak without
 * the flag, 7.7 s and 576 MB with it, so a first start fits a 1 GB machine.
 */
export function prepareNewDatabase(
  config: Pick<ServerConfig, 'dataDir' | 'seedDemoData'>,
  cli = CLI,
): Promise<boolean> {
  const command = config.seedDemoData ? 'seed' : 'migrate';
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...CHILD_FLAGS, ...process.execArgv, cli, command], {
      // The CLI's one line of output ("Demo data created.") is not the server's to print; its
      // errors are.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(config.seedDemoData);
      else
        reject(new Error(`Preparing the new database failed (${signal ?? `exit code ${code}`}).`));
    });
  });
}
