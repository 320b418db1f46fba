import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * Run in a child process: the niceness of this test worker's own threads stays as it was.
 * Prints {lowered, main, helpers: [nice...]} read back from /proc.
 */
const probe = `
  import { readdirSync, readFileSync } from 'node:fs';
  import { lowerHelperThreadPriority } from './apps/server/src/thread-priority.ts';
  const nice = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
  const lowered = await lowerHelperThreadPriority('.');
  const tids = readdirSync('/proc/self/task').map(Number);
  console.log(JSON.stringify({ lowered, main: nice(process.pid), helpers: tids.filter((t) => t !== process.pid).map(nice) }));
`;

describe('helper thread priority', () => {
  it('lowers every thread but the event loop to nice 10, the libuv pool included', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', probe],
      {
        env: { ...process.env, UV_THREADPOOL_SIZE: '4' },
      },
    ).toString();
    const result = JSON.parse(out.trim().split('\n').at(-1)!) as {
      lowered: number;
      main: number;
      helpers: number[];
    };
    expect(result.main).toBe(0);
    // V8's platform threads plus the 4 pool threads started by the call.
    expect(result.lowered).toBeGreaterThanOrEqual(4);
    expect(result.helpers.filter((n) => n === 10).length).toBe(result.lowered);
  });
});
