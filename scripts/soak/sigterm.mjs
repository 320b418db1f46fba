// SIGTERM during the load: requests in flight complete, new connections are refused, the process
// exits within 10 s, and the shutdown causes no 5xx.
import http from 'node:http';
import net from 'node:net';
import { PASSWORD, clientIp } from './fixtures.mjs';
import { check, sleep } from './lib.mjs';

function request(agent, url, { method = 'GET', path, token, body, ip }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${url}${path}`,
      {
        agent,
        method,
        headers: {
          accept: 'application/json',
          'x-forwarded-for': ip,
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        timeout: 15_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ started, ended: Date.now(), status: res.statusCode }));
        res.on('error', (error) =>
          resolve({ started, ended: Date.now(), status: 0, error: error.code ?? error.message }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({
        started,
        ended: Date.now(),
        status: 0,
        error: error.code ?? error.message,
      }),
    );
    req.end(payload);
  });
}

/** Fresh TCP connections every 20 ms: when does the port stop accepting? */
function connectionProbe(port, isRunning) {
  const results = [];
  const done = (async () => {
    while (isRunning()) {
      const t = Date.now();
      const outcome = await new Promise((resolve) => {
        const socket = net.connect({ port, host: '127.0.0.1' });
        socket.once('connect', () => {
          socket.destroy();
          resolve('accepted');
        });
        socket.once('error', (error) => resolve(error.code ?? 'error'));
      });
      results.push({ t, outcome });
      await sleep(20);
    }
  })();
  return { results, done };
}

export async function sigtermScenario({ server, users, port, clients = 30, leadMs = 2000 }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const records = [];
  let exited = false;
  let exitInfo;
  server.exited.then((info) => {
    exited = true;
    exitInfo = info;
  });
  const answered = new Set();
  const client = async (i) => {
    const user = users[i % users.length];
    const ip = clientIp(100_000 + i);
    // Until the process is gone: sign-ins (slow, argon2) mixed with reads and a write.
    for (let n = 0; !exited; n++) {
      const step = n % 4;
      const spec =
        step === 0
          ? {
              method: 'POST',
              path: '/api/v1/auth/login',
              body: { email: user.email, password: PASSWORD },
            }
          : step === 1
            ? { path: '/api/v1/organizations', token: user.token }
            : step === 2
              ? { path: `/api/v1/support/tickets/${user.ticketId}`, token: user.token }
              : {
                  method: 'PUT',
                  path: `/api/v1/organizations/${user.orgId}`,
                  token: user.token,
                  body: { name: `Soak School ${i}`, type: 'school', description: `n ${n}` },
                };
      const record = await request(agent, server.url, { ...spec, ip });
      records.push(record);
      if (record.status > 0) answered.add(i);
      if (record.status === 0) await sleep(20);
    }
  };
  const running = Array.from({ length: clients }, (_, i) => client(i));
  // Steady load first: every client has had an answer, so its connection was accepted (a
  // connection still in the kernel's accept queue is reset when the listener closes).
  await sleep(leadMs);
  for (let waited = 0; answered.size < clients && waited < 30_000; waited += 50) await sleep(50);
  const signalAt = Date.now();
  const probe = connectionProbe(port, () => !exited);
  server.signal('SIGTERM');
  await server.exited;
  await Promise.all([...running, probe.done]);
  agent.destroy();

  const exitMs = exitInfo.at - signalAt;
  // In flight: sent at least 20 ms before the signal and not answered by then.
  const inFlight = records.filter((r) => r.started < signalAt - 20 && r.ended >= signalAt);
  const inFlightFailed = inFlight.filter((r) => r.status === 0 || r.status >= 500);
  const failures = [...new Set(inFlightFailed.map((r) => r.error ?? r.status))].join(',');
  const afterSignal = records.filter((r) => r.started >= signalAt - 20);
  const fiveXx = records.filter((r) => r.status >= 500);
  const servedAfter = afterSignal.filter((r) => r.status > 0).length;
  const refusedAfter = afterSignal.filter((r) => r.error === 'ECONNREFUSED').length;
  const otherErrors = afterSignal.filter((r) => r.status === 0 && r.error !== 'ECONNREFUSED');
  // The signal handler runs once the event loop gets to it (a busy server takes a moment); from
  // the first refusal on, the port must stay closed.
  const refusedAt = probe.results.find((p) => p.outcome === 'ECONNREFUSED');
  const acceptedAfter = refusedAt
    ? probe.results.filter((p) => p.t > refusedAt.t && p.outcome === 'accepted').length
    : 0;
  const refusedWithin = refusedAt ? refusedAt.t - signalAt : exitMs;

  return [
    check(
      'in-flight requests complete',
      inFlightFailed.length === 0,
      `${inFlight.length - inFlightFailed.length}/${inFlight.length} in flight at SIGTERM answered below 500` +
        (failures ? ` (others: ${failures})` : ''),
    ),
    check(
      'new connections are refused',
      refusedWithin <= 2000 && acceptedAfter === 0,
      `${refusedAt ? 'refused' : 'process gone'} ${refusedWithin} ms after SIGTERM, ` +
        `${refusedAt ? exitMs - refusedWithin : 0} ms before exit; ${acceptedAfter} accepted after that`,
    ),
    check(
      'exits within 10 s',
      exitMs <= 10_000 && exitInfo.code === 0,
      `exit code ${exitInfo.code} after ${exitMs} ms`,
    ),
    check(
      'no 5xx caused by the shutdown',
      fiveXx.length === 0,
      `${fiveXx.length} responses 5xx; after the signal ${servedAfter} served, ${refusedAfter} refused, ` +
        `${otherErrors.length} keep-alive races (${[...new Set(otherErrors.map((r) => r.error))].join(',') || 'none'})`,
    ),
  ];
}
