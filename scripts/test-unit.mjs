// Unit + API tests on the embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
// The PostgreSQL pass also runs apps/server/test/scale-out (two server processes on one
// database; vitest.config.ts leaves them out of the PGlite pass).
import { spawnSync } from 'node:child_process';

const vitest = (env) =>
  spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });

console.log('\n== unit and API tests on PGlite ==');
let status = vitest({ TEST_DB_DRIVER: 'pglite' }).status ?? 1;
if (status === 0 && process.env.TEST_DATABASE_URL) {
  console.log('\n== API tests on PostgreSQL ==');
  status = vitest({ TEST_DB_DRIVER: 'postgres' }).status ?? 1;
}
process.exit(status);
