// Unit + API tests on the embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
// With no argument it runs every workspace's tests; each workspace's `test` script (a turbo task,
// cached by its inputs) calls it with its own folder. apps/server also runs its security suites in
// production mode, and its PostgreSQL pass includes apps/server/test/scale-out (two server
// processes on one database; vitest.config.ts leaves them out of the PGlite pass).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const workspace = path.relative(root, process.cwd());
// Called from a workspace folder (turbo, npm -w): that folder's tests; from the root: everything.
const files =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : workspace ? [workspace] : [];
const covers = (dir) =>
  files.length === 0 || files.some((f) => dir.startsWith(f) || f.startsWith(dir));

const vitest = (env, only = files) =>
  spawnSync('npx', ['vitest', 'run', '--passWithNoTests', ...only], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });

const where = files.length ? files.join(' ') : 'every workspace';
console.log(`\n== unit and API tests on PGlite (${where}) ==`);
let status = vitest({ TEST_DB_DRIVER: 'pglite' }).status ?? 1;
if (status === 0 && covers('apps/server')) {
  // What the security suites check stays true with APP_ENV=production.
  console.log('\n== security suites in production mode (PGlite) ==');
  status =
    vitest({ TEST_DB_DRIVER: 'pglite', TEST_APP_ENV: 'production' }, ['apps/server/test/security'])
      .status ?? 1;
}
if (status === 0 && process.env.TEST_DATABASE_URL) {
  console.log(`\n== API tests on PostgreSQL (${where}) ==`);
  status = vitest({ TEST_DB_DRIVER: 'postgres' }).status ?? 1;
}
process.exit(status);
