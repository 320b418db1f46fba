// The server from source (run with `node --import tsx`), logging as `npm start` does, on a
// throwaway PGlite folder with the demo data, whose tenant branding cache is emptied before every
// request: every branding answer is a cache miss. Used by public-branding.mjs; ready once /api/v1/public/site-config answers.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publicBranding } from '@scmp/api';
import { buildApp } from '../../apps/server/src/app.ts';
import { openRuntime } from '../../apps/server/src/bootstrap.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { stdoutDestination } from '../../apps/server/src/logging/stdout-destination.ts';
import { seedDemoData } from '../../apps/server/src/seed/index.ts';

const port = Number(process.env.PORT);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scmp-bench-miss-'));
const config = loadConfig(
  {
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    LOG_REQUESTS: 'true',
    WORKER_ENABLED: 'false',
    APP_URL: `http://localhost:${port}`,
  },
  path.resolve('apps/web/dist'),
);
const { deps, handle } = await openRuntime(config);
// Logging as the built server does it (main.ts): one access line per request, written
// asynchronously to stdout.
const app = await buildApp(deps, config, { logStream: stdoutDestination() });
// Emptied before the HTTP server's own handler runs (the branding edge answers hits before
// Fastify's hooks, so an onRequest hook would be too late).
app.server.prependListener('request', () => publicBranding.invalidateTenantBrandingCache());
await seedDemoData(deps);
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => handle.close())
    .finally(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
});
