// Shared pieces of the benchmarks: start processes on loopback, run autocannon, format results.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export async function waitFor(url, timeoutMs = 30_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not become ready`);
}

/** Starts the built server on a throwaway data folder; resolves once healthy. */
export async function startServer({ port, env = {} }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scmp-bench-'));
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_URL: `http://localhost:${port}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/v1/health`);
  return { url: `http://127.0.0.1:${port}`, dataDir, stop: () => stop(child) };
}

export async function startProcess(args, port) {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/`);
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
    autocannon({ connections: 50, duration: 8, pipelining: 1, ...options }, (error, result) => {
      if (error) reject(error);
      else resolve(result);
    });
  });
}

export function summary(name, result) {
  return {
    name,
    requests_per_sec: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.timeouts + (result.non2xx ?? 0),
  };
}
