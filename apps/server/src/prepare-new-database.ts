import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from './config';

/** The bundled CLI beside the bundled server (absent when running from source with tsx). */
const CLI = path.join(import.meta.dirname, 'cli.js');

/**
 * Whether the server should create its new embedded database in a child process: on PGlite, from
 * the bundle, when DATA_DIR holds no database yet (initdb writes db/PG_VERSION).
 */
export function preparesInChild(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  cli = CLI,
): boolean {
  return (
    !config.databaseUrl &&
    existsSync(cli) &&
    !existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'))
  );
}

/**
 * Creates the embedded database (initdb), applies the migrations and, in local mode, adds the demo
 * data, in a short-lived process running the bundled CLI (`migrate` or `seed`). Resolves whether
 * demo data was added.
 *
 * Why a process of its own (issue 25): memory a process has touched stays with it. Creating and
 * seeding a database grows PGlite's WebAssembly memory, which never shrinks, and has V8 optimise
 * PostgreSQL's executor, which needs ~600 MB of compiler memory for a moment; the server that
 * did this itself sat at ~250 MB idle against ~205 MB after a restart. Done here, the server
 * then opens a finished database exactly as on every later start. It costs the first start
 * about a second (the second process compiles PGlite's WebAssembly again).
 */
export function prepareEmbeddedDatabase(
  config: Pick<ServerConfig, 'dataDir' | 'seedDemoData'>,
  cli = CLI,
): Promise<boolean> {
  const command = config.seedDemoData ? 'seed' : 'migrate';
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, cli, command], {
      // The CLI's one line of output ("Demo data created.") is not the server's to print; its
      // errors are.
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve(config.seedDemoData);
      else
        reject(
          new Error(
            `Creating the embedded database in ${config.dataDir} failed (${signal ?? `exit code ${code}`}).`,
          ),
        );
    });
  });
}
