import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The server's stdout destination (logging/stdout-destination.ts, stdoutDestination): lines queued during an event
 * loop round, written in the background. Whatever way the process ends, no line is lost: a
 * graceful end waits for flushLog, an abrupt process.exit writes the queue synchronously.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'scmp-log-destination-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `body` in a fresh node with the destination as `out`, stdout into a file; its lines. */
function run(name: string, body: string): string[] {
  const file = path.join(dir, `${name}.log`);
  const fd = openSync(file, 'w');
  const script = `
    const { stdoutDestination, flushLog } = await import(${JSON.stringify(path.join(serverDir, 'src/logging/stdout-destination.ts'))});
    const out = stdoutDestination();
    const line = (n) => JSON.stringify({ n, pad: 'x'.repeat(200) }) + '\\n';
    ${body}
  `;
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script],
    {
      cwd: serverDir,
      stdio: ['ignore', fd, 'pipe'],
      encoding: 'utf8',
    },
  );
  closeSync(fd);
  expect(result.status, result.stderr).toBe(0);
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

const numbers = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { n: number }).n);
const upTo = (count: number) => Array.from({ length: count }, (_, i) => i);

describe('stdout destination', () => {
  it('writes every line, in order, across event loop rounds, before a graceful exit', () => {
    const lines = run(
      'graceful',
      `for (let round = 0; round < 50; round++) {
         for (let i = 0; i < 400; i++) out.write(line(round * 400 + i));
         await new Promise((resolve) => setImmediate(resolve));
       }
       await flushLog(out);
       process.exit(0);`,
    );
    expect(numbers(lines)).toEqual(upTo(20_000));
  });

  it('writes the queued lines when the process exits at once', () => {
    const lines = run(
      'abrupt',
      `for (let i = 0; i < 5000; i++) out.write(line(i));
       await new Promise((resolve) => setImmediate(resolve)); // a background write under way
       for (let i = 5000; i < 10000; i++) out.write(line(i));
       process.exit(0);`,
    );
    expect(numbers(lines)).toEqual(upTo(10_000));
  });
});
