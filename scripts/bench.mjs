// npm run bench: hot paths of the built server beside a bare Fastify route measured in the same run.
// Results print as a table and are written to bench/results.json. Figures are per machine.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { load, startProcess, startServer, summary } from './bench/lib.mjs';

if (!existsSync('apps/server/dist/main.js')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@scmp/server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const results = [];
const bare = await startProcess(['scripts/bench/bare-server.mjs'], 3291);
const server = await startServer({ port: 3290 });
try {
  await load({ url: `${bare.url}/api/v1/health`, duration: 2 }); // warm-up
  const baseline = summary(
    'bare Fastify route (C)',
    await load({ url: `${bare.url}/api/v1/health` }),
  );
  results.push(baseline);
  await load({ url: `${server.url}/api/v1/health`, duration: 2 });
  results.push(
    summary(
      'GET /api/v1/health (REST door + DB ping)',
      await load({ url: `${server.url}/api/v1/health` }),
    ),
  );

  // Later areas add their hot paths as modules exporting `bench({ serverUrl, load, summary })`.
  for (const module of [
    './bench/auth.mjs',
    './bench/public-branding.mjs',
    './bench/organizations.mjs',
  ]) {
    if (!existsSync(new URL(module, import.meta.url))) continue;
    const { bench } = await import(module);
    if (typeof bench !== 'function') continue;
    for (const row of await bench({ serverUrl: server.url, load, summary })) results.push(row);
  }
} finally {
  await server.stop();
  await bare.stop();
}

const c = results[0].requests_per_sec;
const rows = results.map((r) => ({
  ...r,
  ratio_to_C: r.requests_per_sec ? Number((r.requests_per_sec / c).toFixed(2)) : null,
}));
console.log(
  `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
);
console.table(rows);
mkdirSync('bench', { recursive: true });
writeFileSync(
  'bench/results.json',
  JSON.stringify(
    {
      machine: { cpus: os.cpus().length, node: process.version },
      at: new Date().toISOString(),
      results: rows,
    },
    null,
    2,
  ),
);
