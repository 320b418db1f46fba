// The sign-in load of the auth benchmark, run in a worker thread (see auth.mjs): its fetch loops
// get their own event loop, so they do not delay the latency probe measured on the main one.
import { parentPort, workerData } from 'node:worker_threads';

const { baseUrl, users, password, durationMs } = workerData;
const deadline = Date.now() + durationMs;
const latencies = [];
let ok = 0;
let shed = 0;
let failed = 0;

/** Each user signs in again and again until the deadline, one request at a time. */
await Promise.all(
  users.map(async (email) => {
    while (Date.now() < deadline) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      if (res.status === 200) ok++;
      else if (res.status === 429) shed++;
      else failed++;
    }
  }),
);
latencies.sort((a, b) => a - b);
const pct = (p) =>
  Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0);
parentPort.postMessage({ ok, shed, failed, p50: pct(0.5), p99: pct(0.99) });
