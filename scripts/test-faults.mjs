// The short fault step of `npm test` (after the build): a 5 s mixed load at 50 connections, then
// the SMTP outage, kill -9, SIGTERM and PostgreSQL-stop scenarios against the built server.
// `npm run soak` runs the long version. Ports: FAULTS_PORT (default 3420) to +6; PostgreSQL on
// FAULTS_PG_PORT (default 55503).
import { runAll } from './soak/run-all.mjs';

const started = Date.now();
const ok = await runAll({
  seconds: Number(process.env.FAULTS_SECONDS ?? 5),
  connections: Number(process.env.FAULTS_CONNECTIONS ?? 50),
  users: 5,
  basePort: Number(process.env.FAULTS_PORT ?? 3420),
  pgPort: Number(process.env.FAULTS_PG_PORT ?? 55503),
  smtpDownMs: 3000,
  pgDownMs: 4000,
  faultConnections: 20,
});
console.log(
  `\nfault scenarios ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(ok ? 0 : 1);
