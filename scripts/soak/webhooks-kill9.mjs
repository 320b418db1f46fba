// kill -9 between a change and its webhook: the server is killed right after a burst of
// acknowledged organization updates, before their events can all have been sent (the receiver is
// refusing connections meanwhile). After a restart on the same data folder every acknowledged
// update must reach the receiver, and nothing else (the outbox commits with the change).
import http from 'node:http';
import { api, check, sleep, startServer } from './lib.mjs';

function startReceiver(port) {
  const received = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        id: req.headers['webhook-id'],
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200).end('ok');
    });
  });
  return {
    received,
    start: () => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve)),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * `server` runs on PGlite; `user` can create organizations. The receiver listens on
 * `receiverPort` only after the restart. Returns { checks, server } (the restarted process).
 */
export async function webhookKillNineScenario({
  server,
  user,
  port,
  env,
  receiverPort,
  updates = 20,
}) {
  const auth = { token: user.token, ip: '10.250.1.1' };
  const org = await api(server.url, 'POST', '/api/v1/organizations', {
    ...auth,
    body: { name: `Hooked ${Date.now().toString(36)}`, type: 'school' },
  });
  const orgUuid = org.json?.data?.uuid;
  const hook = await api(server.url, 'POST', `/api/v1/organizations/${orgUuid}/webhooks`, {
    ...auth,
    body: { url: `http://127.0.0.1:${receiverPort}/hook`, events: ['organization.updated'] },
  });
  const acknowledged = [];
  for (let n = 0; n < updates; n += 1) {
    const name = `Hooked update ${n}`;
    const res = await api(server.url, 'PUT', `/api/v1/organizations/${orgUuid}`, {
      ...auth,
      body: { name, type: 'school' },
    });
    if (res.status === 200) acknowledged.push(name);
  }
  server.signal('SIGKILL');
  const { signal } = await server.exited;

  const receiver = startReceiver(receiverPort);
  await receiver.start();
  const restarted = await startServer({ port, dataDir: server.dataDir, env });
  // Failed first attempts retry after 5 s; an attempt cut off by the kill after its 60 s lease.
  const deadline = Date.now() + 90_000;
  const names = () => new Set(receiver.received.map((r) => JSON.parse(r.body).data?.name));
  while (Date.now() < deadline && acknowledged.some((name) => !names().has(name))) await sleep(250);
  await sleep(1500);
  await receiver.stop();
  const got = names();
  const missing = acknowledged.filter((name) => !got.has(name));
  const invented = [...got].filter((name) => !acknowledged.includes(name));
  const ids = new Set(receiver.received.map((r) => r.id));
  return {
    server: restarted,
    checks: [
      check('webhook created', hook.status === 201, `HTTP ${hook.status}`),
      check(
        'burst of updates acknowledged, then SIGKILL',
        acknowledged.length === updates && signal === 'SIGKILL',
        `${acknowledged.length}/${updates} answered 200, signal ${signal}`,
      ),
      check(
        'every acknowledged update reached the receiver after the restart',
        missing.length === 0,
        `${acknowledged.length - missing.length}/${acknowledged.length} events received` +
          ` (${receiver.received.length} requests, ${ids.size} distinct webhook-ids)`,
      ),
      check(
        'no event for a change that did not happen',
        invented.length === 0,
        `${invented.length} unexpected`,
      ),
    ],
  };
}
