import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirLockedError } from '@scmp/db';
import { buildApp } from './app';
import { openRuntime } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo-users';
import { seedDemoData } from './seed/index';
import { startWorker } from './worker';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig(process.env, path.resolve(here, '../../web/dist'));
  const { deps, handle } = await openRuntime(config);
  const app = await buildApp(deps, config);
  const seeded = config.seedDemoData ? await seedDemoData(deps) : false;
  await app.listen({ port: config.port, host: config.host });
  const worker = config.workerEnabled ? startWorker(deps, config.workerIntervalMs) : undefined;

  const database =
    handle.kind === 'pglite'
      ? `embedded PGlite in ${path.join(config.dataDir, 'db')}`
      : 'PostgreSQL';
  const lines = [
    '',
    `  SCMP is running at ${config.appUrl}  (ready in ${Date.now() - started} ms, ${database})`,
    `  API docs:  ${config.appUrl}/api/docs`,
    ...(config.mail.smtpUrl || config.appEnv === 'production'
      ? []
      : [`  Dev mail:  ${config.appUrl}/dev/mail`]),
    ...(seeded ? ['  Demo data was created.'] : []),
    ...(config.seedDemoData && config.appEnv !== 'production'
      ? [
          '  Demo sign-ins (password ' + DEMO_PASSWORD + '):',
          ...DEMO_USERS.map((u) => `    ${u.email.padEnd(24)} ${u.note}`),
        ]
      : []),
    '',
  ];
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await worker?.stop();
      await handle.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
