import os from 'node:os';
import argon2 from 'argon2';
import { tooManyRequests } from './rate-limit/rate-limiter';

/**
 * argon2id at one of OWASP's five equivalent minimum settings: m=9 MiB, t=4, p=1. OWASP lists
 * m=47104/t=1, m=19456/t=2, m=12288/t=3, m=9216/t=4 and m=7168/t=5 as "an equal level of
 * defense", trading memory for passes. On these 2-core machines the 9 MiB setting verifies in
 * ~20 ms against ~30 ms for 19 MiB (the smaller block array stays in cache), so sign-in reaches
 * 90 hashes/s instead of 73. Hashes made with other settings are redone at the next sign-in.
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 9_216,
  timeCost: 4,
  parallelism: 1,
} as const;

/**
 * argon2 runs on libuv's thread pool, one hash per core at most: more would only queue inside the
 * pool and delay everything else that uses it (file reads, compression, DNS).
 */
export const ARGON2_MAX_CONCURRENT = Math.max(1, os.availableParallelism());

// The pool is created on its first use and sized from this variable then: room for every argon2
// slot plus libuv's default 4 threads for the rest. An explicit setting wins.
process.env.UV_THREADPOOL_SIZE ??= String(ARGON2_MAX_CONCURRENT + 4);

/** A sign-in that waited this long for an argon2 slot is shed with 429 (the server is saturated). */
export const LOGIN_MAX_QUEUE_MS = 2_000;
const SHED_RETRY_AFTER_SECONDS = 1;

let running = 0;
const waiting: Array<() => void> = [];

function release(): void {
  running--;
  const next = waiting.shift();
  if (next) {
    running++;
    next();
  }
}

/** Waits for an argon2 slot; rejects with 429 once `maxWaitMs` has passed without one. */
function acquire(maxWaitMs: number | undefined): Promise<void> {
  if (running < ARGON2_MAX_CONCURRENT) {
    running++;
    return Promise.resolve();
  }
  return new Promise<void>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const grant = () => {
      if (timer) clearTimeout(timer);
      resolve();
    };
    waiting.push(grant);
    if (maxWaitMs !== undefined) {
      timer = setTimeout(() => {
        const index = waiting.indexOf(grant);
        if (index >= 0) waiting.splice(index, 1);
        reject(tooManyRequests(SHED_RETRY_AFTER_SECONDS));
      }, maxWaitMs);
      timer.unref();
    }
  });
}

async function withSlot<T>(work: () => Promise<T>, maxWaitMs?: number): Promise<T> {
  await acquire(maxWaitMs);
  try {
    return await work();
  } finally {
    release();
  }
}

export function hashPassword(password: string): Promise<string> {
  return withSlot(() => argon2.hash(password, ARGON2_OPTIONS));
}

/**
 * True when `password` matches `hash`; false for a mismatch or an unreadable hash. With
 * `maxQueueMs` (sign-in), throws 429 with Retry-After when no argon2 slot frees up in time.
 */
export async function verifyPassword(
  hash: string,
  password: string,
  options: { maxQueueMs?: number } = {},
): Promise<boolean> {
  await acquire(options.maxQueueMs);
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  } finally {
    release();
  }
}

/** True when a stored hash was made with other settings than today's and should be redone. */
export function needsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, ARGON2_OPTIONS);
}
