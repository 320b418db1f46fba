// GET /api/v1/organizations with a bearer token (session lookup + list query), on the embedded
// PGlite server and on PostgreSQL (BENCH_DATABASE_URL, else a throwaway cluster: postgres.mjs).
// The list is answered from the owner's cached list while nothing in it changed
// (domain/organizations/list-cache.ts), so two rows beside it show what a round trip costs: one
// organization by id (uncached: one query) and the floor, a bare Fastify route making the list's
// query through node-postgres (bare-query-server.mjs).
import { demoToken, json, memoryRow, startProcess, startServer } from './lib.mjs';
import { withPostgres } from './postgres.mjs';

const PATH = '/api/v1/organizations';

async function measure(url, token, name, load, summary, target) {
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const check = await fetch(`${url}${PATH}`, { headers });
  if (check.status !== 200) throw new Error(`${PATH} answered ${check.status}`);
  await load({ url: `${url}${PATH}`, headers, duration: 2 });
  return summary(name, await load({ url: `${url}${PATH}`, headers }), { target });
}

/** The floor and the uncached lookup beside the list on PostgreSQL (report only). */
async function roundTripRows({ server, token, databaseUrl, ports, load, summary }) {
  const list = await json(`${server.url}${PATH}`, { token });
  const uuid = list.body.data?.[0]?.uuid;
  if (!uuid) throw new Error('the demo customer has no organization');
  const headers = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const one = `${server.url}${PATH}/${uuid}`;
  await load({ url: one, headers, duration: 2 });
  const lookup = summary(
    'GET /api/v1/organizations/{id} + bearer (PostgreSQL, one query, uncached)',
    await load({ url: one, headers }),
    { target: { text: '≥ 0.15·C', test: (r, { c }) => r.requests_per_sec >= 0.15 * c } },
  );
  const floor = await startProcess(['scripts/bench/bare-query-server.mjs'], ports.floor, {
    DATABASE_URL: databaseUrl,
  });
  try {
    const url = `${floor.url}/organizations`;
    await load({ url, headers, duration: 2 });
    return [
      lookup,
      summary(
        'floor: bare Fastify + the list query via node-postgres (no product code)',
        await load({ url, headers }),
      ),
    ];
  } finally {
    await floor.stop();
  }
}

/**
 * POST /api/v1/organizations with an Idempotency-Key, sent again and again: the first one creates
 * the organization, every other answers the kept response (201, Idempotent-Replayed: true) without
 * running the procedure (report only).
 */
async function idempotentReplayRow({ server, token, load, summary }) {
  const headers = {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    'content-type': 'application/json',
    'idempotency-key': 'bench-replay-1',
  };
  const body = JSON.stringify({ name: 'Bench Replay Academy', type: 'school' });
  const url = `${server.url}${PATH}`;
  const first = await fetch(url, { method: 'POST', headers, body });
  const again = await fetch(url, { method: 'POST', headers, body });
  if (first.status !== 201 || again.headers.get('idempotent-replayed') !== 'true') {
    throw new Error(`idempotent POST answered ${first.status}, then ${again.status}`);
  }
  await load({ url, method: 'POST', headers, body, duration: 2 });
  return summary(
    'POST /api/v1/organizations + Idempotency-Key, replay (PostgreSQL)',
    await load({ url, method: 'POST', headers, body }),
    { expectStatus: 201, target: { text: 'report', test: (r) => r.errors === 0 } },
  );
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
      const idle = await memoryRow(server, 'RSS idle, PostgreSQL (MB)', 110, 10_000);
      const pgToken = await demoToken(server.url);
      const row = await measure(
        server.url,
        pgToken,
        'GET /api/v1/organizations + bearer (PostgreSQL)',
        load,
        summary,
        {
          text: '≥ 0.3·C, p99 ≤ 60 ms',
          test: (r, { c }) => r.requests_per_sec >= 0.3 * c && r.p99_ms <= 60,
        },
      );
      const others = await roundTripRows({
        server,
        token: pgToken,
        databaseUrl,
        ports,
        load,
        summary,
      });
      const replay = await idempotentReplayRow({ server, token: pgToken, load, summary });
      const loaded = await memoryRow(server, 'RSS after the load, PostgreSQL (MB)', 350);
      return [row, ...others, replay, idle, loaded];
    } finally {
      await server.stop();
    }
  });
  return [pglite, ...pg];
}
