import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../src/testing/free-port';
import { buildServerBundle } from '../scale-out/processes';

/**
 * The built server as `npm start > scmp.log` runs it: default logging (one access line per
 * request, written asynchronously) into a file. Under load, then SIGTERM: every request answered
 * has its line in the file, followed by the shutdown line, before the process exits (issue 35).
 */
const outDir = 'dist-test-access-log';
const serverDir = path.resolve(import.meta.dirname, '../..');
let bundle: string;
let dir: string;

beforeAll(() => {
  bundle = buildServerBundle(outDir);
  dir = mkdtempSync(path.join(os.tmpdir(), 'scmp-access-log-'));
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(serverDir, outDir), { recursive: true, force: true });
});

describe('access log of the built server', () => {
  it('has one line per answered request, all written before a SIGTERM exit', async () => {
    const port = await freePort();
    const logFile = path.join(dir, 'server.log');
    const out = openSync(logFile, 'a');
    const child = spawn(process.execPath, [bundle], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        APP_URL: `http://localhost:${port}`,
        WORKER_ENABLED: 'false',
        SEED_DEMO_DATA: 'false',
      },
      stdio: ['ignore', out, out],
    });
    closeSync(out);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(readFileSync(logFile, 'utf8'));
      const up = await fetch(`${base}/api/v1/health`).then(
        (res) => res.status === 200,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // 20 clients, 1,000 requests through both doors, each tagged in its query string (whose value
    // the line replaces; the name stays).
    const tags: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < 1000) {
          const n = next++;
          const url =
            n % 2 === 0
              ? `/api/v1/public/site-config?r${n}=x`
              : `/trpc/publicSite.siteConfig?r${n}=x`;
          const res = await fetch(`${base}${url}`);
          expect(res.status).toBe(200);
          await res.arrayBuffer();
          tags.push(`r${n}=[redacted]`);
        }
      }),
    );
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const access = lines.filter(
      (line) => line.msg === 'request' && /\?r\d+=/.test(String(line.url)),
    );
    expect(access).toHaveLength(1000);
    expect(new Set(access.map((line) => String(line.url).split('?')[1]))).toEqual(new Set(tags));
    expect(access.every((line) => line.status === 200 && typeof line.reqId === 'string')).toBe(
      true,
    );
    const last = lines.at(-1)!;
    expect(last.msg).toBe('shutting down');
    expect(
      lines.filter((line) => /incoming request|request completed/.test(String(line.msg))),
    ).toEqual([]);
  }, 120_000);
});
