// Shared pieces of the benchmarks: start processes on loopback, run autocannon, format results.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

/** The built server the benchmarks run (SERVER_BUNDLE picks another build, e.g. a .tmp one). */
export const serverBundle = () => process.env.SERVER_BUNDLE ?? 'apps/server/dist/server.cjs';

/** Seconds each measured load lasts (BENCH_DURATION shortens a quick run). */
export const benchDuration = () => Number(process.env.BENCH_DURATION ?? 8);

export async function waitFor(url, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not become ready`);
}

export function residentMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    if (kb) return Math.round(kb / 1024);
  } catch {
    /* not Linux */
  }
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' });
  return Math.round(Number(ps.stdout.trim()) / 1024);
}

/**
 * A row for the results table: the server's RSS against a memory target of issue 25. Idle rows
 * wait `idleMs` first so start-up garbage is collected and nothing is in flight.
 */
export async function memoryRow(server, name, limitMb, idleMs = 0) {
  if (idleMs) await new Promise((resolve) => setTimeout(resolve, idleMs));
  const rss_mb = server.rssMb();
  return {
    name,
    rss_mb,
    target: { text: `RSS ≤ ${limitMb} MB`, test: (row) => row.rss_mb <= limitMb },
  };
}

/**
 * Starts the built server on a throwaway data folder (or `dataDir`); resolves once healthy with
 * the milliseconds that took.
 *
 * Logging as `npm start` runs it (issue 35): its defaults, LOG_LEVEL=info with one access line per
 * request, and its standard output written to a file, as a user who runs `npm start > scmp.log`
 * or a service manager appending to a log file gets (`<dataDir>/server.log`; a terminal is slower
 * to write to, /dev/null faster). `logging: 'silent'` starts it with LOG_LEVEL=silent instead, for
 * the reference rows only.
 */
export async function startServer({
  port,
  env = {},
  dataDir,
  timeoutMs = 120_000,
  logging = 'default',
}) {
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'scmp-bench-'));
  const removeData = () => rmSync(dir, { recursive: true, force: true });
  const logFile = path.join(dir, 'server.log');
  const started = performance.now();
  const child = spawn(process.execPath, [serverBundle()], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: logging === 'silent' ? 'silent' : 'info',
      LOG_REQUESTS: 'true',
      APP_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', openSync(logFile, 'a'), 'inherit'],
  });
  const exited = new Promise((_, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited early (code ${code})`))),
  );
  exited.catch(() => undefined);
  await Promise.race([waitFor(`http://127.0.0.1:${port}/api/v1/health`, timeoutMs), exited]);
  const readyMs = Math.round(performance.now() - started);
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: dir,
    readyMs,
    /** The server process's resident memory now, in MB (Linux /proc; ps elsewhere). */
    rssMb: () => residentMb(child.pid),
    /** Bytes the server has logged so far (its standard output). */
    logBytes: () => statSync(logFile).size,
    removeData,
    /** Stops the server; a data folder made here is removed unless `keepData`. */
    stop: async ({ keepData = false } = {}) => {
      await stop(child);
      if (!dataDir && !keepData) removeData();
    },
  };
}

/** Starts a helper process (a yardstick, the cache-miss server); `logFile` takes its stdout. */
export async function startProcess(args, port, env = {}, readyPath = '/', { logFile } = {}) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', logFile ? openSync(logFile, 'a') : 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}${readyPath}`, 120_000);
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(child) };
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function load(options) {
  return new Promise((resolve, reject) => {
    autocannon(
      { connections: 50, duration: benchDuration(), pipelining: 1, ...options },
      (error, result) => {
        if (error) reject(error);
        else resolve(result);
      },
    );
  });
}

/**
 * One table row from an autocannon result. Answers with another status than `expectStatus`
 * (default: any 2xx) count as errors, beside socket errors and timeouts.
 */
export function summary(name, result, { expectStatus, target } = {}) {
  const codes = result.statusCodeStats ?? {};
  let unexpected = 0;
  for (const [code, stat] of Object.entries(codes)) {
    const ok = expectStatus ? Number(code) === expectStatus : /^2\d\d$/.test(code);
    if (!ok) unexpected += stat.count;
  }
  return {
    name,
    requests_per_sec: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    ...(target ? { target } : {}),
  };
}

export async function json(url, { method = 'GET', body, token, headers = {} } = {}) {
  const res = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => ({})) };
}

/** Signs the seeded demo customer in and returns a bearer token. */
export async function demoToken(serverUrl) {
  const res = await json(`${serverUrl}/api/v1/auth/login`, {
    method: 'POST',
    body: { email: 'demo@scmp.test', password: 'DemoPass!2026' },
  });
  if (res.status !== 200) throw new Error(`demo login failed (${res.status}): ${res.body.message}`);
  return res.body.data.token;
}
