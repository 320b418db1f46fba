// npm run soak: the mixed load (SOAK_SECONDS, default 60, at SOAK_CONNECTIONS, default 200) against
// the built server with its memory sampled, then the fault scenarios (SMTP outage, kill -9 on the
// embedded database, SIGTERM under load, PostgreSQL stopped under load). Exits non-zero when a bar
// is not met. The load runs on a fresh embedded database, or on SOAK_DATABASE_URL / DATABASE_URL
// (that database gets migrated and test accounts). The PostgreSQL-stop scenario starts a cluster
// of its own from PG_BIN (default /usr/lib/postgresql/15/bin) on SOAK_PG_PORT. The figures are
// per machine: run it on an otherwise idle one.
import { runAll } from './soak/run-all.mjs';

const env = process.env;
const started = Date.now();
const ok = await runAll({
  seconds: Number(env.SOAK_SECONDS ?? 60),
  connections: Number(env.SOAK_CONNECTIONS ?? 200),
  users: Number(env.SOAK_USERS ?? 20),
  databaseUrl: env.SOAK_DATABASE_URL || env.DATABASE_URL || undefined,
  basePort: Number(env.SOAK_PORT ?? 3400),
  pgPort: Number(env.SOAK_PG_PORT ?? 55499),
  smtpDownMs: 10_000,
  pgDownMs: 8000,
  faultConnections: 50,
});
console.log(`\nsoak ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(ok ? 0 : 1);
