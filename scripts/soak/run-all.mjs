// Runs the mixed load and every fault scenario against the built server; used by `npm run soak`
// (long) and by the fault step of `npm test` (short). Returns true when every bar held.
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createUsers } from './fixtures.mjs';
import { killNineScenario } from './kill9.mjs';
import { ensureBundle, freshDataDir, printChecks, startServer } from './lib.mjs';
import { runMixedLoad } from './mixed-load.mjs';
import { createCluster, postgresAvailable } from './postgres.mjs';
import { postgresStopScenario } from './postgres-stop.mjs';
import { sigtermScenario } from './sigterm.mjs';
import { webhookKillNineScenario } from './webhooks-kill9.mjs';
import { createMailSink, smtpScenario } from './smtp.mjs';

/**
 * options: { seconds, connections, users, databaseUrl?, basePort, pgPort, smtpDownMs, pgDownMs,
 * faultConnections (load during the SIGTERM and PostgreSQL scenarios) }.
 * Ports used: basePort (load server), +1 (embedded server for the faults), +2 (PostgreSQL-backed
 * server for the stop scenario), +5 (SMTP sink), +6 (webhook receiver).
 */
export async function runAll(options) {
  ensureBundle();
  const { seconds, connections, basePort, pgPort } = options;
  const results = [];
  const record = (title, checks) => results.push(printChecks(title, checks));
  const env = { SEED_DEMO_DATA: 'false', WORKER_INTERVAL_MS: '200' };
  // The public pages are the built web app when there is one (a bundle outside apps/server/dist
  // would not find it on its own).
  if (existsSync('apps/web/dist/index.html')) env.WEB_DIST_DIR = path.resolve('apps/web/dist');
  const sink = createMailSink(basePort + 5);
  await sink.start();
  const servers = [];
  let cluster;
  try {
    // 1. The mixed load, on PostgreSQL when a URL was given, else on a fresh embedded database.
    const loadServer = await startServer({
      port: basePort,
      dataDir: freshDataDir('soak'),
      env: { ...env, ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}) },
    });
    servers.push(loadServer);
    const loadUsers = await createUsers(loadServer.url, options.users, 'load');
    const load = await runMixedLoad({
      url: loadServer.url,
      users: loadUsers,
      pid: loadServer.pid,
      seconds,
      connections,
    });
    record(
      `Mixed load: ${connections} connections for ${seconds} s on ${options.databaseUrl ? 'PostgreSQL' : 'the embedded database'}`,
      load.checks,
    );
    await loadServer.stop();

    // 2-4. Embedded database with the SMTP sink: mail outage, kill -9, SIGTERM.
    const faultEnv = { ...env, SMTP_URL: sink.url };
    let embedded = await startServer({
      port: basePort + 1,
      dataDir: freshDataDir('faults'),
      env: faultEnv,
    });
    servers.push(embedded);
    const users = await createUsers(embedded.url, 4, 'faults');
    record(
      'SMTP server down for a while',
      await smtpScenario({ server: embedded, sink, users, downMs: options.smtpDownMs }),
    );
    const killed = await killNineScenario({
      server: embedded,
      user: users[0],
      port: basePort + 1,
      env: faultEnv,
    });
    embedded = killed.server;
    servers.push(embedded);
    record('kill -9 on the embedded database right after a burst of writes', killed.checks);
    const hooked = await webhookKillNineScenario({
      server: embedded,
      user: users[1],
      port: basePort + 1,
      env: faultEnv,
      receiverPort: basePort + 6,
    });
    embedded = hooked.server;
    servers.push(embedded);
    record('kill -9 between a change and its webhook', hooked.checks);
    record(
      'SIGTERM during the load',
      await sigtermScenario({
        server: embedded,
        users,
        port: basePort + 1,
        clients: options.faultConnections,
      }),
    );

    // 5. PostgreSQL stopped and started under the load (a throwaway cluster of our own).
    if (!postgresAvailable()) {
      console.log('\nPostgreSQL stopped under load: SKIPPED (no PostgreSQL binaries; set PG_BIN)');
    } else {
      cluster = await createCluster(pgPort);
      const onPostgres = await startServer({
        port: basePort + 2,
        dataDir: freshDataDir('faults-pg'),
        env: { ...env, DATABASE_URL: cluster.url },
      });
      servers.push(onPostgres);
      const pgUsers = await createUsers(onPostgres.url, 3, 'pg');
      const checks = await postgresStopScenario({
        server: onPostgres,
        cluster,
        users: pgUsers,
        downMs: options.pgDownMs,
        connections: options.faultConnections,
      });
      record('PostgreSQL stopped in the middle of the load', checks);
    }
  } catch (error) {
    console.error('\nA scenario could not run:', error);
    for (const s of servers) if (s.alive()) console.error(s.logTail());
    results.push(false);
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await sink.stop();
    await cluster?.remove();
  }
  const passed = results.every(Boolean);
  // The data folders (and their server.log) are kept when something failed.
  const dirs = [...new Set(servers.map((s) => s.dataDir))];
  if (passed) for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  else console.log(`\nserver data folders and logs: ${dirs.join(' ')}`);
  return passed;
}
