// Shared pieces of the soak and fault scenarios: start/stop the built server, HTTP helpers, RSS.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const BUNDLE = process.env.SERVER_BUNDLE ?? 'apps/server/dist/server.cjs';
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Builds the server bundle when it is missing (SERVER_BUNDLE points at a ready one). */
export function ensureBundle() {
  if (existsSync(BUNDLE)) return;
  const build = spawnSync('npm', ['run', 'build', '-w', '@scmp/server'], { stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(BUNDLE)) throw new Error(`could not build ${BUNDLE}`);
}

export function freshDataDir(name) {
  return mkdtempSync(path.join(os.tmpdir(), `scmp-${name}-`));
}

export async function waitFor(url, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return Date.now() - start;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`${url} did not become ready within ${timeoutMs} ms`);
}

/**
 * Starts the built server; resolves once /api/v1/health answers 200. The log goes to
 * <dataDir>/server.log. `exited` resolves with { code, signal } when the process ends.
 */
export async function startServer({ port, dataDir, env = {} }) {
  if (await portAnswers(port)) throw new Error(`port ${port} is already in use`);
  const log = openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', BUNDLE], {
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      APP_URL: `http://localhost:${port}`,
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([
      waitFor(`${url}/api/v1/health`, 180_000),
      exited.then(({ code }) => {
        throw new Error(`server exited (${code}) while starting; see ${dataDir}/server.log`);
      }),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    pid: child.pid,
    dataDir,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
    signal: (name) => child.kill(name),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
    logTail: () => readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-3000),
  };
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resident set size of a process in bytes (Linux /proc), or null when it is gone. */
export function rssOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

/** One JSON request with timing; never throws (a network error comes back as { error }). */
export async function api(baseUrl, method, urlPath, { body, token, ip, timeoutMs = 15_000 } = {}) {
  const started = Date.now();
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (ip) headers['x-forwarded-for'] = ip;
  try {
    const res = await fetch(`${baseUrl}${urlPath}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, ms: Date.now() - started, headers: res.headers };
  } catch (error) {
    const code = error?.cause?.code ?? error?.name ?? 'ERROR';
    return { status: 0, error: code, ms: Date.now() - started };
  }
}

/** A result line and a pass/fail flag; scenarios return a list of these. */
export function check(name, pass, detail) {
  return { name, pass: Boolean(pass), detail };
}

export function printChecks(title, checks) {
  console.log(`\n${title}`);
  for (const c of checks) console.log(`  ${c.pass ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  return checks.every((c) => c.pass);
}

export const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
