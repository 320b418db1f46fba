// Auth benchmark: logins per second (argon2id at m=9216, t=4, p=1), and the latency of a cheap
// authenticated call (GET /api/v1/user) idle and while logins saturate the server — argon2 runs
// off the event loop, so that call's p99 must stay low (≤ 50 ms and within 3× its idle value).
// The cheap call is a latency probe at a steady USER_PROBE_RATE calls/s (the same idle and under
// load): a flood of it would measure its own queue and take the cores the logins are timed on.
// The sign-ins come from a worker thread, so the probe's latency is the server's, not the delay
// of a load generator busy on the same event loop.
//
//   import { benchAuth } from './bench/auth.mjs'; await benchAuth({ baseUrl })
//   node scripts/bench/auth.mjs            (starts the built server itself; SERVER_BUNDLE to pick one)
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { benchDuration, load as defaultLoad } from './lib.mjs';

const PASSWORD = 'bench password 2026';
const LOGIN_WORKERS = 16;
const USER_PROBE_RATE = 200;

async function post(baseUrl, path, body, token) {
  const res = await fetch(`${baseUrl}/api/v1${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

async function registerUsers(baseUrl, count) {
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const users = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${run}-${i}@example.com`;
    const res = await post(baseUrl, '/auth/register', {
      name: `Bench ${i}`,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    if (res.status !== 201) throw new Error(`register failed (${res.status}): ${res.body.message}`);
    users.push({ email, token: res.body.data.token });
  }
  return users;
}

/** The sign-in load, in a worker thread with its own event loop (auth-login-load.mjs). */
function loginLoad(baseUrl, users, durationMs) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./auth-login-load.mjs', import.meta.url), {
      workerData: { baseUrl, users: users.map((u) => u.email), password: PASSWORD, durationMs },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`login load worker exited with ${code}`));
    });
  });
}

/**
 * Runs the auth benchmark against a running server and returns its figures:
 * logins_per_sec, login p50/p99, and GET /api/v1/user p50/p99 idle and under login saturation.
 */
export async function benchAuth({ baseUrl, durationSec = 8, load = defaultLoad }) {
  const users = await registerUsers(baseUrl, LOGIN_WORKERS + 1);
  const reader = users.pop();
  const userCall = (duration) =>
    load({
      url: `${baseUrl}/api/v1/user`,
      headers: { authorization: `Bearer ${reader.token}`, accept: 'application/json' },
      connections: 10,
      overallRate: USER_PROBE_RATE,
      duration,
    });

  await userCall(2); // warm-up
  // The same window idle and under load: a p99 is compared with a p99 of as many samples.
  const idle = await userCall(durationSec);
  const [logins, loaded] = await Promise.all([
    loginLoad(baseUrl, users, durationSec * 1000),
    userCall(durationSec),
  ]);
  return {
    logins_per_sec: Math.round(logins.ok / durationSec),
    login_errors: logins.failed,
    login_shed_429: logins.shed,
    login_p50_ms: logins.p50,
    login_p99_ms: logins.p99,
    user_idle_rps: Math.round(idle.requests.average),
    user_idle_p50_ms: idle.latency.p50,
    user_idle_p99_ms: idle.latency.p99,
    user_idle_errors: idle.errors + idle.timeouts + (idle.non2xx ?? 0),
    user_under_login_load_rps: Math.round(loaded.requests.average),
    user_under_login_load_p50_ms: loaded.latency.p50,
    user_under_login_load_p99_ms: loaded.latency.p99,
    user_under_login_load_errors: loaded.errors + loaded.timeouts + (loaded.non2xx ?? 0),
    meets_p99_target_50ms: loaded.latency.p99 <= 50 && loaded.latency.p99 <= 3 * idle.latency.p99,
  };
}

/** The shape scripts/bench.mjs iterates over: rows for its table. */
export async function bench({ serverUrl, load = defaultLoad }) {
  const r = await benchAuth({ baseUrl: serverUrl, durationSec: benchDuration(), load });
  return [
    {
      name: `POST /api/v1/auth/login (argon2id, ${LOGIN_WORKERS} concurrent)`,
      requests_per_sec: r.logins_per_sec,
      p50_ms: r.login_p50_ms,
      p99_ms: r.login_p99_ms,
      errors: r.login_errors,
      target: {
        text: '≥ 60 logins/s',
        note: () => `${r.login_shed_429} shed with 429`,
        test: (row) => row.requests_per_sec >= 60,
      },
    },
    {
      name: `GET /api/v1/user idle (${USER_PROBE_RATE}/s probe)`,
      requests_per_sec: r.user_idle_rps,
      p50_ms: r.user_idle_p50_ms,
      p99_ms: r.user_idle_p99_ms,
      errors: r.user_idle_errors,
    },
    {
      name: `GET /api/v1/user (${USER_PROBE_RATE}/s probe) while logins saturate`,
      requests_per_sec: r.user_under_login_load_rps,
      p50_ms: r.user_under_login_load_p50_ms,
      p99_ms: r.user_under_login_load_p99_ms,
      errors: r.user_under_login_load_errors,
      target: {
        text: 'p99 ≤ 50 ms and ≤ 3× idle',
        test: (row) => row.p99_ms <= 50 && row.p99_ms <= 3 * r.user_idle_p99_ms,
      },
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync } = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { waitFor } = await import('./lib.mjs');
  const port = Number(process.env.PORT ?? 3293);
  const { serverBundle } = await import('./lib.mjs');
  const child = spawn(process.execPath, [serverBundle()], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'scmp-bench-auth-')),
      LOG_LEVEL: 'silent',
      APP_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/api/v1/health`, 120_000);
    console.log(await benchAuth({ baseUrl: `http://127.0.0.1:${port}` }));
  } finally {
    child.kill('SIGTERM');
  }
}
