// npm run bench: hot paths of the built server beside a bare Fastify route (C) measured in the same
// run (C is measured between modules; each module's ratios use the mean of the C measured just
// before and just after it, so a machine whose speed drifts during a module skews them less). Prints a
// table (requests/s, p50, p99, errors, ratio to C, target, pass) and writes it to BENCH_OUT
// (default bench/results.json). Figures are per machine: run it on a quiet one.
//
// The servers log as `npm start` does (issue 35): LOG_LEVEL=info, one access line per request,
// standard output into a file (lib.mjs, startServer). The rows marked "reference, LOG_LEVEL=silent"
// come from a server that does not log, to show what the logging costs; no target applies to them.
//
// Env: SERVER_BUNDLE (default apps/server/dist/server.cjs, built when missing), BENCH_OUT,
// BENCH_PORT_BASE (default 3290; uses base..base+6), BENCH_DURATION (seconds per load, default 8),
// BENCH_DATABASE_URL (PostgreSQL to use; else a throwaway cluster on BENCH_PG_PORT, 55504),
// BENCH_ONLY (comma-separated module names, e.g. "public-branding,auth").
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  demoToken,
  load,
  memoryRow,
  serverBundle,
  startProcess,
  startServer,
  summary,
} from './bench/lib.mjs';
import { SERVER_SOURCES, stale } from './build-freshness.mjs';

// A bundle older than its sources is built again, as npm start does: a stale one measured the
// last build instead of the code.
if (!process.env.SERVER_BUNDLE && stale(serverBundle(), SERVER_SOURCES)) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@scmp/server'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const base = Number(process.env.BENCH_PORT_BASE ?? 3290);
const ports = {
  server: base,
  bare: base + 1,
  postgres: base + 2,
  miss: base + 3,
  startup: base + 4,
  floor: base + 5,
  silent: base + 6,
};
const MODULES = [
  'rest-door',
  'public-branding',
  'trpc',
  'silent-reference',
  'organizations',
  'auth',
  'startup',
];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

const results = [];
const bare = await startProcess(['scripts/bench/bare-server.mjs'], ports.bare);
// The worker runs as in production; demo data gives a tenant (oakfield) and a customer.
const server = await startServer({ port: ports.server });
/** C once more: between modules (see the top of this file). */
const measureC = async (label) => {
  await load({ url: `${bare.url}/api/v1/health`, duration: 1 });
  return summary(
    `bare Fastify route (C${label})`,
    await load({ url: `${bare.url}/api/v1/health` }),
  );
};
try {
  await load({ url: `${bare.url}/api/v1/health`, duration: 2 }); // warm-up
  const first = await measureC('');
  results.push({
    ...first,
    target: { text: 'yardstick', test: (row) => row.errors === 0 },
  });
  const token = await demoToken(server.url);
  // Memory (issue 25): idle after start-up, and again after every module's load below.
  results.push(await memoryRow(server, 'RSS idle, embedded database (MB)', 250, 10_000));
  let before = first;
  for (const name of MODULES) {
    if (only && !only.includes(name)) continue;
    const { bench } = await import(`./bench/${name}.mjs`);
    const rows = await bench({ serverUrl: server.url, token, ports, load, summary });
    // Start-up rows have no ratio: no C after them.
    const after = name === 'startup' ? before : await measureC(` after ${name}`);
    const c = Math.round((before.requests_per_sec + after.requests_per_sec) / 2);
    for (const row of rows) results.push({ ...row, c });
    console.log(
      `  ${name} (C ${before.requests_per_sec}/s before, ${after.requests_per_sec}/s after): ${rows.map((r) => `${r.name} ${r.requests_per_sec ?? `${r.p50_ms} ms`}`).join('; ')}`,
    );
    before = after;
  }
  results.push(await memoryRow(server, 'RSS after the load, embedded database (MB)', 350));
  console.log(
    `  log written by the embedded-database server: ${(server.logBytes() / 2 ** 20).toFixed(1)} MB`,
  );
} finally {
  await server.stop();
  await bare.stop();
}

const rows = results.map(({ target, c: nearbyC, ...r }) => {
  // Each row's ratio uses its module's C (the mean around it); the yardstick row is its own C.
  const c = nearbyC ?? results[0].requests_per_sec;
  const context = { c, rows: results };
  return {
    ...r,
    C_nearby: r.requests_per_sec ? (nearbyC ?? r.requests_per_sec) : null,
    ratio_to_C: r.requests_per_sec ? Number((r.requests_per_sec / c).toFixed(2)) : null,
    target: target ? target.text + (target.note ? ` (${target.note(r, context)})` : '') : '',
    pass: target ? (target.test(r, context) ? 'pass' : 'FAIL') : '',
  };
});
console.log(
  `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}, load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
console.table(rows);
const out = process.env.BENCH_OUT ?? 'bench/results.json';
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  JSON.stringify(
    {
      machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg() },
      at: new Date().toISOString(),
      results: rows,
    },
    null,
    2,
  ) + '\n',
);
console.log(`written to ${out}`);
