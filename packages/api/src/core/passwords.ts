import os from 'node:os';
import {
  hash,
  parseOptions,
  verify,
  type Algorithm,
  type Options,
  type Version,
} from '@node-rs/argon2';
import { tooManyRequests } from './rate-limit/rate-limiter';

// `Algorithm.Argon2id` and `Version.V0x13`: ambient const enums, which `isolatedModules` cannot
// read by name.
const ARGON2ID: Algorithm = 2;
const VERSION_0X13: Version = 1;

/**
 * argon2id at one of OWASP's five equivalent minimum settings: m=9 MiB, t=4, p=1. OWASP lists
 * m=47104/t=1, m=19456/t=2, m=12288/t=3, m=9216/t=4 and m=7168/t=5 as "an equal level of
 * defense", trading memory for passes. On these 2-core machines the 7–12 MiB settings verify in
 * ~11 ms, 19 MiB in ~15 ms and 46 MiB in ~22 ms (a small block array stays in cache). Hashes made
 * with other settings are redone at the next sign-in.
 *
 * The hashing is @node-rs/argon2 (RustCrypto's argon2), not the `argon2` package: its binary
 * picks AVX2 at run time, while node-argon2's prebuilt linux-x64 binary is built for SSE2 only.
 * One verify here takes ~10 ms instead of ~19 ms, which is sign-in capacity on a small
 * machine. Both write and read the same PHC strings ($argon2id$v=19$m=…,t=…,p=…$salt$hash).
 */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 9_216,
  timeCost: 4,
  parallelism: 1,
  outputLen: 32,
} as const satisfies Options;

/**
 * libuv's thread pool size. The server's entry point (apps/server/src/server.cjs) sets it to the
 * core count plus libuv's default 4 before the pool starts; otherwise it is libuv's default.
 */
const POOL_SIZE = Math.min(1024, Math.max(1, Number(process.env.UV_THREADPOOL_SIZE) || 4));

/**
 * argon2 runs on libuv's thread pool, one hash per core at most: more would only queue inside the
 * pool. It always leaves a pool thread free for everything else that uses the pool (file reads,
 * compression, DNS), even when the pool was not sized for it.
 */
export const ARGON2_MAX_CONCURRENT = Math.max(
  1,
  Math.min(os.availableParallelism(), POOL_SIZE - 1),
);

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
  return withSlot(() => hash(password, ARGON2_OPTIONS));
}

/**
 * True when `password` matches the `stored` hash; false for a mismatch or an unreadable hash. With
 * `maxQueueMs` (sign-in), throws 429 with Retry-After when no argon2 slot frees up in time.
 */
export async function verifyPassword(
  stored: string,
  password: string,
  options: { maxQueueMs?: number } = {},
): Promise<boolean> {
  await acquire(options.maxQueueMs);
  try {
    return await verify(stored, password);
  } catch {
    return false;
  } finally {
    release();
  }
}

/** True when a stored hash was made with other settings than today's and should be redone. */
export function needsRehash(stored: string): boolean {
  try {
    const used = parseOptions(stored);
    return (
      used.algorithm !== ARGON2_OPTIONS.algorithm ||
      used.version !== VERSION_0X13 ||
      used.memoryCost !== ARGON2_OPTIONS.memoryCost ||
      used.timeCost !== ARGON2_OPTIONS.timeCost ||
      used.parallelism !== ARGON2_OPTIONS.parallelism ||
      used.outputLen !== ARGON2_OPTIONS.outputLen
    );
  } catch {
    return true;
  }
}
