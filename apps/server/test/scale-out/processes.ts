import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** Helpers of the scale-out tests: the server bundle and real server processes. */
const serverDir = path.resolve(import.meta.dirname, '../..');

/** Bundles apps/server into apps/server/<outDir> (npm packages stay external) and returns its entry point, server.cjs. */
export function buildServerBundle(outDir: string): string {
  const result = spawnSync(process.execPath, ['build.mjs'], {
    cwd: serverDir,
    env: { ...process.env, SERVER_OUT_DIR: outDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`server build failed:\n${result.stdout}\n${result.stderr}`);
  }
  return path.join(serverDir, outDir, 'server.cjs');
}

export type ServerProcess = {
  name: string;
  url: string;
  child: ChildProcess;
  /** Everything the process printed (for failure messages). */
  output: () => string;
  stop: () => Promise<void>;
};

/** Starts `node <bundle>` with exactly `env` (plus PATH) and waits until /api/v1/health is 200. */
export async function startServer(
  name: string,
  bundle: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, [bundle], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: ServerProcess = {
    name,
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
    try {
      const res = await fetch(`${server.url}/api/v1/health`);
      if (res.status === 200) return server;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop();
  throw new Error(`${name} did not become healthy:\n${output}`);
}

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One HTTP call to a server process: status, headers and the parsed JSON body (or {}). */
export async function call(
  server: ServerProcess,
  method: string,
  pathname: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: Json }> {
  const res = await fetch(`${server.url}${pathname}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let body: Json = {};
  try {
    body = JSON.parse(text) as Json;
  } catch {
    body = {};
  }
  return { status: res.status, headers: res.headers, body };
}
