import { readdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import os from 'node:os';

/** Niceness given to the helper threads (0 is normal, 19 the lowest). */
export const HELPER_THREAD_NICENESS = 10;

/**
 * Lets the event loop win the CPU over this process's helper threads (Linux only).
 *
 * Password hashing runs on libuv's thread pool, one argon2 per core: while sign-ins saturate the
 * pool, the event loop thread competes with them for the same cores and every other request waits
 * for a time slice. Linux schedules threads individually, and setpriority() on a thread id changes
 * that thread alone, so every thread but the main one (the libuv pool, V8's background
 * compilers and GC helpers) gets a lower priority: with cores to spare nothing changes; under
 * contention the event loop runs first. The pool is created here first (its threads all start
 * together on first use), so none are missed. Returns how many threads were lowered.
 */
export async function lowerHelperThreadPriority(anyPath: string): Promise<number> {
  if (process.platform !== 'linux') return 0;
  await stat(anyPath).catch(() => undefined); // starts the libuv pool if nothing has yet
  let lowered = 0;
  for (const entry of readdirSync('/proc/self/task')) {
    const tid = Number(entry);
    if (!Number.isInteger(tid) || tid === process.pid) continue;
    try {
      os.setPriority(tid, HELPER_THREAD_NICENESS);
      lowered += 1;
    } catch {
      /* a thread that just ended, or no permission: leave it */
    }
  }
  return lowered;
}
