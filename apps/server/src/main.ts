import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { DataDirLockedError } from '@scmp/db';
import { buildApp } from './app';
import { idleMemoryReducer } from './idle-memory';
import { flushLog, stdoutDestination } from './logging/stdout-destination';
import { enableNightlyBackups } from './backup/nightly-backup';
import { openRuntime } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { prepareNewDatabase, preparesInChild } from './prepare-new-database';
import { startupBanner } from './startup-banner';
import { DEMO_DATA_REFUSAL, findDemoAccounts } from './seed/demo-removal';
import { seedDemoData } from './seed';
import { lowerHelperThreadPriority } from './thread-priority';
import { startWorker } from './worker';

const here = import.meta.dirname;

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig(process.env, path.resolve(here, '../../web/dist'));
  const seededInChild = (await preparesInChild(config)) ? await prepareNewDatabase(config) : false;
  const { deps, handle } = await openRuntime(config);
  if (config.appEnv === 'production') {
    // A database first started in local mode holds accounts whose password the README prints.
    const demo = await findDemoAccounts(deps);
    if (demo.length > 0) {
      await handle.close();
      throw new ConfigError(DEMO_DATA_REFUSAL(demo));
    }
  }
  // Logs go to stdout, written asynchronously (logging/stdout-destination.ts); shutdown waits for them below.
  const logStream = stdoutDestination();
  const app = await buildApp(deps, config, { logStream });
  // Demo data only in local mode: loadConfig turns seedDemoData off in production.
  const seeded = seededInChild || (config.seedDemoData ? await seedDemoData(deps) : false);
  await app.listen({ port: config.port, host: config.host });
  await lowerHelperThreadPriority(config.dataDir);
  enableNightlyBackups(config, handle);
  const worker = config.workerEnabled ? startWorker(deps, config.workerIntervalMs) : undefined;

  const lines = startupBanner(config, {
    database: handle.kind,
    readyMs: Date.now() - started,
    seeded,
    paymentsProvider: deps.payments.name,
  });
  console.log(lines.join('\n'));

  // Graceful shutdown: stop accepting connections, let in-flight requests finish (requests
  // already on an open connection are served with Connection: close), stop the worker after its
  // current round, close the database. Whatever is still open after 9 s is cut so the process is
  // gone within 10 s of the signal.
  let closing = false;
  let inFlight = 0;
  let requests = 0;
  app.server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    requests += 1;
    inFlight += 1;
    res.once('close', () => (inFlight -= 1));
    if (closing) res.shouldKeepAlive = false;
  });
  const memory = idleMemoryReducer({
    quietMs: config.memoryReleaseQuietMs,
    requestCount: () => requests,
    inFlight: () => inFlight,
    onCollected: ({ rssBefore, rssAfter, ms }) =>
      app.log.debug(
        {
          rssBeforeMb: Math.round(rssBefore / 2 ** 20),
          rssAfterMb: Math.round(rssAfter / 2 ** 20),
          ms,
        },
        'memory given back after a quiet spell',
      ),
    onStopped: (error) =>
      app.log.warn({ err: error }, 'memory is no longer given back after quiet spells'),
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    memory.stop();
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.warn('shutdown took too long; closing the remaining connections');
      app.server.closeAllConnections();
      process.exit(1);
    }, 9_000);
    force.unref();
    let code = 0;
    try {
      // Stop listening but keep the open keep-alive connections for a moment: a request a client
      // already wrote to one may still be unread (the event loop is busy under load), and
      // http.Server#close would drop such "idle" connections at once. They are answered with
      // Connection: close; app.close() then closes whatever is left and waits for the rest.
      net.Server.prototype.close.call(app.server);
      const stoppingWorker = worker?.stop();
      await drain(app.server, () => inFlight);
      await Promise.all([app.close(), stoppingWorker]);
      await handle.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      code = 1;
    } finally {
      clearTimeout(force);
      // Everything logged, the last access lines included, is written before the process ends.
      await flushLog(logStream);
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * Gives requests already sent on open connections a moment to be read (at least 300 ms), then
 * waits until no request is in progress or no connection is left, for 2 s at most.
 */
async function drain(server: Server, inFlight: () => number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < 2000) {
    const open = await new Promise<number>((resolve) =>
      server.getConnections((error, count) => resolve(error ? 0 : count)),
    );
    if (open === 0 || (inFlight() === 0 && Date.now() - started >= 300)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
