// kill -9 of the server on the embedded database right after a burst of acknowledged writes:
// after a restart on the same data folder every acknowledged write must be there.
import { api, check, startServer } from './lib.mjs';

/**
 * `server` runs on PGlite with `user` (from fixtures) able to create organizations. Returns
 * { checks, server } where server is the restarted process (the caller stops it).
 */
export async function killNineScenario({ server, user, port, env, writes = 60, concurrency = 8 }) {
  const acknowledged = [];
  const failures = [];
  let next = 0;
  const writer = async () => {
    while (next < writes) {
      const n = next++;
      const res = await api(server.url, 'POST', '/api/v1/organizations', {
        token: user.token,
        ip: '10.250.0.1',
        body: { name: `Durable ${Date.now().toString(36)} ${n}`, type: 'camp' },
      });
      if (res.status === 201) acknowledged.push({ id: res.json.data.id, name: res.json.data.name });
      else failures.push(res.status || res.error);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, writer));
  // Right after the last acknowledgement: no graceful shutdown, no checkpoint.
  server.signal('SIGKILL');
  const { signal } = await server.exited;

  const started = Date.now();
  const restarted = await startServer({ port, dataDir: server.dataDir, env });
  const restartMs = Date.now() - started;
  const list = await api(restarted.url, 'GET', '/api/v1/organizations', { token: user.token });
  const present = new Map((list.json?.data ?? []).map((o) => [o.id, o.name]));
  const missing = acknowledged.filter((w) => present.get(w.id) !== w.name);
  return {
    server: restarted,
    checks: [
      check(
        'burst of writes acknowledged',
        acknowledged.length === writes,
        `${acknowledged.length}/${writes} answered 201${failures.length ? `, others: ${failures.join(',')}` : ''}`,
      ),
      check('process killed with SIGKILL', signal === 'SIGKILL', `signal ${signal}`),
      check(
        'every acknowledged write is there after restart',
        list.status === 200 && missing.length === 0,
        `${acknowledged.length - missing.length}/${acknowledged.length} found (restart ${restartMs} ms)`,
      ),
    ],
  };
}
