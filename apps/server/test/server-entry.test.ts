import { spawnSync } from 'node:child_process';
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
       pid: process.pid,
       arenas: process.env.MALLOC_ARENA_MAX,
       trim: process.env.MALLOC_TRIM_THRESHOLD_,
       mmap: process.env.MALLOC_MMAP_THRESHOLD_,
       mark: process.env.SCMP_ENTRY_TUNED ?? null,
       flags: process.execArgv,
     }));`,
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Report = {
  size: string;
  threads: number;
  pid: number;
  arenas?: string;
  trim?: string;
  mmap?: string;
  mark: string | null;
  flags: string[];
};

function start(poolSize?: string, extraEnv: NodeJS.ProcessEnv = {}, nodeFlags: string[] = []) {
  const env = { ...process.env, ...extraEnv };
  delete env.UV_THREADPOOL_SIZE;
  for (const name of [
    'MALLOC_ARENA_MAX',
    'MALLOC_MMAP_THRESHOLD_',
    'MALLOC_TRIM_THRESHOLD_',
    'NODE_OPTIONS',
  ]) {
    if (!(name in extraEnv)) delete env[name];
  }
  if (poolSize !== undefined) env.UV_THREADPOOL_SIZE = poolSize;
  const run = spawnSync(process.execPath, [...nodeFlags, path.join(dir, 'server.cjs')], { env });
  expect(run.status, run.stderr.toString()).toBe(0);
  return { ...(JSON.parse(run.stdout.toString().trim()) as Report), childPid: run.pid };
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

  // Issue 25: settings that only act when given before a process starts.
  it.runIf(process.platform === 'linux' && 'execve' in process)(
    'becomes, in the same process, a node with one malloc arena and a small young generation',
    () => {
      const report = start();
      expect(report.pid).toBe(report.childPid); // replaced in place, not a second process
      expect(report.arenas).toBe('1');
      expect(report.trim).toBe('1048576');
      expect(report.mmap).toBe('131072');
      expect(report.flags).toContain('--max-semi-space-size=16'); // the embedded database
      expect(report.flags).toContain('--heap-growing-percent=50');
      const onPostgres = start(undefined, { DATABASE_URL: 'postgres://db.example/scmp' });
      expect(onPostgres.flags).toContain('--max-semi-space-size=16');
      expect(report.mark).toBeNull(); // processes the server starts are tuned the same way
      // Empty counts as unset, as a copied .env.example leaves them.
      expect(start(undefined, { MALLOC_ARENA_MAX: '', MALLOC_TRIM_THRESHOLD_: '' }).arenas).toBe(
        '1',
      );
    },
  );

  it.runIf(process.platform === 'linux' && 'execve' in process)(
    "keeps the operator's own allocator settings and node flags",
    () => {
      const report = start(
        undefined,
        { MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-semi-space-size=16' },
        ['--stack-size=2000', '--heap-growing-percent=100'],
      );
      expect(report.arenas).toBe('4');
      expect(report.trim).toBe('1048576');
      expect(report.flags).toContain('--stack-size=2000');
      expect(report.flags.some((flag) => flag.startsWith('--max-semi-space-size'))).toBe(false);
      expect(report.flags.filter((flag) => flag.startsWith('--heap-growing-percent'))).toEqual([
        '--heap-growing-percent=100',
      ]);
    },
  );
});
