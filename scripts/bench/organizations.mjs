// GET /api/v1/organizations with a bearer token (session lookup + list query), on the embedded
// PGlite server and on PostgreSQL (BENCH_DATABASE_URL, else a throwaway cluster: postgres.mjs).
import { demoToken, startServer } from './lib.mjs';
import { withPostgres } from './postgres.mjs';

const PATH = '/api/v1/organizations';

async function measure(url, token, name, load, summary, target) {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const check = await fetch(`${url}${PATH}`, { headers });
  if (check.status !== 200) throw new Error(`${PATH} answered ${check.status}`);
  await load({ url: `${url}${PATH}`, headers, duration: 2 });
  return summary(name, await load({ url: `${url}${PATH}`, headers }), { target });
}

export async function bench({ serverUrl, token, ports, load, summary }) {
  const pglite = await measure(
    serverUrl,
    token,
    'GET /api/v1/organizations + bearer (PGlite)',
    load,
    summary,
    {
      text: '≥ 0.4 × PostgreSQL, p99 ≤ 60 ms',
      test: (row, { rows }) => {
        const pg = rows.find((r) => r.name.endsWith('(PostgreSQL)'));
        return !!pg && row.requests_per_sec >= 0.4 * pg.requests_per_sec && row.p99_ms <= 60;
      },
    },
  );
  const pg = await withPostgres(async (databaseUrl) => {
    const server = await startServer({
      port: ports.postgres,
      env: { DATABASE_URL: databaseUrl, WORKER_ENABLED: 'false' },
    });
    try {
      return await measure(
        server.url,
        await demoToken(server.url),
        'GET /api/v1/organizations + bearer (PostgreSQL)',
        load,
        summary,
        {
          text: '≥ 0.15·C, p99 ≤ 60 ms',
          test: (row, { c }) => row.requests_per_sec >= 0.15 * c && row.p99_ms <= 60,
        },
      );
    } finally {
      await server.stop();
    }
  });
  return [pglite, pg];
}
