// PostgreSQL stopped in the middle of the load: requests answer 503 with the envelope within 2 s,
// /api/v1/health reports the database down, the process stays up; PostgreSQL back: the service
// recovers by itself within 5 s and no acknowledged write is lost.
import autocannon from 'autocannon';
import { api, check, sleep } from './lib.mjs';
import { sessionRequests } from './mixed-load.mjs';

const isEnvelope503 = (r) =>
  r.status === 503 && r.json?.success === false && r.json?.code === 'SERVICE_UNAVAILABLE';

export async function postgresStopScenario({
  server,
  cluster,
  users,
  downMs = 4000,
  connections = 20,
  leadMs = 2000,
  tailMs = 7000,
}) {
  const user = users[0];
  const statusCounts = {};
  const load = new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.url,
        connections,
        duration: Math.ceil((leadMs + downMs + tailMs) / 1000) + 2,
        timeout: 10,
        requests: sessionRequests(users),
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client, status) => {
      statusCounts[status] = (statusCounts[status] ?? 0) + 1;
    });
  });

  let running = true;
  const probes = [];
  const prober = (async () => {
    while (running) {
      const t = Date.now();
      const [health, orgs] = await Promise.all([
        api(server.url, 'GET', '/api/v1/health', { timeoutMs: 10_000 }),
        api(server.url, 'GET', '/api/v1/organizations', { token: user.token, timeoutMs: 10_000 }),
      ]);
      probes.push({ t, health, orgs });
      await sleep(200);
    }
  })();
  const acknowledged = [];
  const writer = (async () => {
    for (let n = 0; running; n++) {
      const res = await api(server.url, 'POST', '/api/v1/organizations', {
        token: user.token,
        ip: '10.251.0.1',
        body: { name: `Committed ${Date.now().toString(36)} ${n}`, type: 'other' },
        timeoutMs: 10_000,
      });
      if (res.status === 201) acknowledged.push(res.json.data.id);
      await sleep(res.status === 201 ? 20 : 200);
    }
  })();

  await sleep(leadMs);
  const stopBegan = Date.now();
  await cluster.stop();
  const stopped = Date.now();
  await sleep(downMs);
  const startBegan = Date.now();
  await cluster.start();
  const restarted = Date.now();
  await sleep(tailMs);
  running = false;
  await Promise.all([prober, writer]);
  const result = await load;

  // Down for sure: sent after the stop completed and answered before the start was even begun.
  const during = probes.filter(
    (p) => p.t >= stopped && p.t + Math.max(p.health.ms, p.orgs.ms) < startBegan,
  );
  const window = probes.filter((p) => p.t >= stopBegan && p.t < restarted);
  const slow = window.flatMap((p) => [p.health, p.orgs]).filter((r) => r.ms > 2000);
  const badDown = during.filter((p) => !isEnvelope503(p.orgs) || !isEnvelope503(p.health));
  const healthDown = during.filter((p) => p.health.json?.data?.database === 'down');
  const after = probes.filter((p) => p.t >= restarted);
  const failingAfter = after.filter((p) => p.health.status !== 200 || p.orgs.status !== 200);
  const lastFail = failingAfter.at(-1);
  const recoveryMs = lastFail
    ? lastFail.t + Math.max(lastFail.orgs.ms, lastFail.health.ms) - restarted
    : 0;
  const other5xx = Object.entries(statusCounts).filter(([s]) => Number(s) >= 500 && s !== '503');

  const list = await api(server.url, 'GET', '/api/v1/organizations', { token: user.token });
  const present = new Set((list.json?.data ?? []).map((o) => o.id));
  const lost = acknowledged.filter((id) => !present.has(id));
  const counts = Object.entries(statusCounts)
    .map(([s, c]) => `${s}:${c}`)
    .join(' ');

  return [
    check(
      'requests answer 503 with the envelope while PostgreSQL is down',
      during.length > 0 && badDown.length === 0,
      `${during.length - badDown.length}/${during.length} probes 503 SERVICE_UNAVAILABLE` +
        (badDown[0] ? ` (e.g. ${badDown[0].orgs.status}/${badDown[0].health.status})` : ''),
    ),
    check(
      'answers within 2 s (no hangs)',
      slow.length === 0 && result.timeouts === 0,
      `slowest probe ${Math.max(0, ...window.flatMap((p) => [p.health.ms, p.orgs.ms]))} ms, ${slow.length} over 2 s, load timeouts ${result.timeouts}`,
    ),
    check(
      '/api/v1/health reports the database down',
      during.length > 0 && healthDown.length === during.length,
      `${healthDown.length}/${during.length} health probes with data.database = "down"`,
    ),
    check('no crash', server.alive(), server.alive() ? 'process still running' : 'process exited'),
    check(
      'recovers by itself within 5 s',
      after.length > 0 && failingAfter.length < after.length && recoveryMs <= 5000,
      `healthy ${recoveryMs} ms after PostgreSQL accepted connections`,
    ),
    check(
      'no 5xx other than 503 under load',
      other5xx.length === 0 && result.errors === 0,
      `load [${counts}], socket errors ${result.errors}`,
    ),
    check(
      'no committed write lost',
      list.status === 200 && lost.length === 0 && acknowledged.length > 0,
      `${acknowledged.length - lost.length}/${acknowledged.length} acknowledged creations present`,
    ),
  ];
}
