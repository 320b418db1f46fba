// Unit + API tests on the embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
// The PostgreSQL pass also runs apps/server/test/scale-out (two server processes on one
// database; vitest.config.ts leaves them out of the PGlite pass).
import { spawnSync } from 'node:child_process';

const vitest = (env, files = process.argv.slice(2)) =>
  spawnSync('npx', ['vitest', 'run', ...files], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });

console.log('\n== unit and API tests on PGlite ==');
let status = vitest({ TEST_DB_DRIVER: 'pglite' }).status ?? 1;
if (status === 0 && process.argv.length <= 2) {
  // What the security suites check stays true with APP_ENV=production.
  console.log('\n== security suites in production mode (PGlite) ==');
  status =
    vitest({ TEST_DB_DRIVER: 'pglite', TEST_APP_ENV: 'production' }, ['apps/server/test/security'])
      .status ?? 1;
}
if (status === 0 && process.env.TEST_DATABASE_URL) {
  console.log('\n== API tests on PostgreSQL ==');
  status = vitest({ TEST_DB_DRIVER: 'postgres' }).status ?? 1;
}
process.exit(status);
