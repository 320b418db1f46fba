import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The server's stdout destination (logging/stdout-destination.ts, stdoutDestination): lines queued
 * for up to FLUSH_AFTER_MS (or until FLUSH_AT_BYTES), written in the background. Whatever way the process ends, no line is lost: a
 * graceful end waits for flushLog, an abrupt process.exit writes the queue synchronously.
 */
const serverDir = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'scmp-log-destination-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `body` in a fresh node with the destination as `out`, stdout into a file; its lines. */
function run(name: string, body: string, prelude = ''): string[] {
  const file = path.join(dir, `${name}.log`);
  const fd = openSync(file, 'w');
  const script = `
    ${prelude}
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

/** Counts the writes SonicBoom starts (fs.write) in `writes`. */
const COUNT_WRITES = `const fs = (await import('node:fs')).default;
  let writes = 0;
  const write = fs.write;
  fs.write = (...args) => { writes += 1; return write(...args); };`;

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

  it('hands a busy stretch of small lines to the writer as one batch, not one per event loop round', () => {
    // The count of writes is reported in a last line.
    const lines = run(
      'batched',
      `const started = Date.now();
       for (let round = 0; round < 20; round++) {
         for (let i = 0; i < 10; i++) out.write(line(round * 10 + i));
         await new Promise((resolve) => setImmediate(resolve));
       }
       const quick = Date.now() - started < 40; // all 20 rounds inside one batch window
       await new Promise((resolve) => setTimeout(resolve, 120));
       await flushLog(out);
       out.write(JSON.stringify({ n: -1, writes, quick }) + '\\n');
       await flushLog(out);
       process.exit(0);`,
      COUNT_WRITES,
    );
    const report = JSON.parse(lines.at(-1)!) as { writes: number; quick: boolean };
    expect(numbers(lines.slice(0, -1))).toEqual(upTo(200));
    // One event loop round per write would be 20; a stall past the window may split it in two.
    if (report.quick) expect(report.writes).toBe(1);
    else expect(report.writes).toBeLessThanOrEqual(20);
    expect(report.writes).toBeGreaterThanOrEqual(1);
  });

  it('hands the queue over at once when it passes FLUSH_AT_BYTES', () => {
    const lines = run(
      'large',
      `out.write(JSON.stringify({ n: 0, big: 'y'.repeat(70 * 1024) }) + '\\n');
       await new Promise((resolve) => setImmediate(resolve));
       const afterOneRound = writes;
       await flushLog(out);
       out.write(JSON.stringify({ n: 1, afterOneRound }) + '\\n');
       await flushLog(out);
       process.exit(0);`,
      COUNT_WRITES,
    );
    expect(numbers(lines)).toEqual([0, 1]);
    expect((JSON.parse(lines[1]!) as { afterOneRound: number }).afterOneRound).toBe(1);
  });
});
