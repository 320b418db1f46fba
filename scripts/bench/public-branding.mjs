// Public tenant branding (every tenant page load): answered from the in-memory cache with an ETag
// (200, and 304 to If-None-Match), and on a cache miss (a server whose cache is emptied before
// every request, see miss-server.mjs). A miss is one database query: its target is measured on
// PostgreSQL; the embedded PGlite row is for information (PGlite alone answers ~2,500 indexed
// lookups a second on these machines, 0.08·C, before any HTTP).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startProcess } from './lib.mjs';
import { withPostgres } from './postgres.mjs';

const SLUG = 'oakfield';
const PATH = `/api/v1/public/tenant/${SLUG}/branding`;

/** The demo instance's portal: its front page is rendered from the same branding cache. */
const PORTAL_HOST = 'main-oakfield.instances.localhost';

/** GET / on the portal's host (fetch cannot set Host). */
function portalPage(serverUrl) {
  return new Promise((resolve, reject) => {
    http
      .get(`${serverUrl}/`, { headers: { host: PORTAL_HOST } }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, etag: res.headers.etag }));
      })
      .on('error', reject);
  });
}

const hitTarget = {
  text: '≥ 0.7·C, p99 ≤ 15 ms',
  test: (row, { c }) => row.requests_per_sec >= 0.7 * c && row.p99_ms <= 15,
};

/**
 * The portal's page goes through Fastify's pipeline (host routing is an onRequest hook), unlike
 * the branding hits the edge answers before it; a hit renders nothing (one map lookup).
 */
const portalTarget = {
  text: '≥ 0.3·C, p99 ≤ 25 ms',
  test: (row, { c }) => row.requests_per_sec >= 0.3 * c && row.p99_ms <= 25,
};

export async function bench({ serverUrl, ports, load, summary }) {
  const first = await fetch(`${serverUrl}${PATH}`, { headers: { accept: 'application/json' } });
  const etag = first.headers.get('etag');
  if (first.status !== 200 || !etag) throw new Error(`tenant branding answered ${first.status}`);
  const rows = [];

  await load({ url: `${serverUrl}${PATH}`, duration: 2 });
  rows.push(
    summary('GET public tenant branding (cache hit, 200)', await load({ url: `${serverUrl}${PATH}` }), {
      target: hitTarget,
    }),
  );
  rows.push(
    summary(
      'GET public tenant branding (If-None-Match, 304)',
      await load({ url: `${serverUrl}${PATH}`, headers: { 'if-none-match': etag } }),
      { expectStatus: 304, target: hitTarget },
    ),
  );
  const portal = await portalPage(serverUrl);
  if (portal.status !== 200 || !portal.etag) {
    throw new Error(`the instance portal answered ${portal.status}`);
  }
  const portalHeaders = { host: PORTAL_HOST, 'accept-encoding': 'br, gzip' };
  await load({ url: `${serverUrl}/`, headers: portalHeaders, duration: 2 });
  rows.push(
    summary(
      'GET instance portal front page (cache hit, 200)',
      await load({ url: `${serverUrl}/`, headers: portalHeaders }),
      { target: portalTarget },
    ),
  );
  rows.push(
    summary(
      'GET instance portal front page (If-None-Match, 304)',
      await load({ url: `${serverUrl}/`, headers: { ...portalHeaders, 'if-none-match': portal.etag } }),
      { expectStatus: 304, target: portalTarget },
    ),
  );
  const missRow = async (name, env, target) => {
    // It logs like the built server (one access line per request), into a file.
    const logDir = mkdtempSync(path.join(os.tmpdir(), 'scmp-bench-miss-log-'));
    const miss = await startProcess(
      ['--import', 'tsx', 'scripts/bench/miss-server.mjs'],
      ports.miss,
      env,
      '/api/v1/public/site-config',
      { logFile: path.join(logDir, 'server.log') },
    );
    try {
      await load({ url: `${miss.url}${PATH}`, duration: 2 });
      return summary(name, await load({ url: `${miss.url}${PATH}` }), target ? { target } : {});
    } finally {
      await miss.stop();
      rmSync(logDir, { recursive: true, force: true });
    }
  };
  rows.push(
    await withPostgres((databaseUrl) =>
      missRow(
        'GET public tenant branding (cache miss, PostgreSQL)',
        { DATABASE_URL: databaseUrl },
        { text: '≥ 0.1·C', test: (row, { c }) => row.requests_per_sec >= 0.1 * c },
      ),
    ),
  );
  rows.push(await missRow('GET public tenant branding (cache miss, PGlite)', {}));
  return rows;
}
