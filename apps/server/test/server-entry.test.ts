import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The entry point src/server.cjs (copied to dist/ by the build) in a folder of its own, beside a
 * stand-in main.js that starts libuv's pool and reports its size and the process's threads.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'scmp-entry-'));
  copyFileSync(path.resolve(__dirname, '../src/server.cjs'), path.join(dir, 'server.cjs'));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(
    path.join(dir, 'main.js'),
    `import { readdirSync } from 'node:fs';
     import { stat } from 'node:fs/promises';
     await stat('/');
     console.log(JSON.stringify({
       size: process.env.UV_THREADPOOL_SIZE,
       threads: readdirSync('/proc/self/task').length,
     }));`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(poolSize?: string): { size: string; threads: number } {
  const env = { ...process.env };
  delete env.UV_THREADPOOL_SIZE;
  if (poolSize !== undefined) env.UV_THREADPOOL_SIZE = poolSize;
  const out = execFileSync(process.execPath, [path.join(dir, 'server.cjs')], { env }).toString();
  return JSON.parse(out.trim()) as { size: string; threads: number };
}

describe('server entry point', () => {
  it('sizes the pool to one hashing thread per core plus 4 before it starts', () => {
    const sized = start();
    const single = start('1');
    expect(sized.size).toBe(String(os.availableParallelism() + 4));
    expect(single.size).toBe('1');
    // The same process but for the pool: the difference is the pool threads it added.
    expect(sized.threads - single.threads).toBe(os.availableParallelism() + 3);
  });

  it('keeps an explicit size, and treats an empty one as unset', () => {
    expect(start('6').size).toBe('6');
    expect(start('').size).toBe(String(os.availableParallelism() + 4));
  });
});
