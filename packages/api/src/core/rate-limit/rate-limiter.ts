import { sql, type Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { Clock } from '../clock';
import { AppError } from '../errors';
import { rateLimitHeaders } from './rate-limit-headers';

import type { RateLimitResult } from './types';

export type { RateLimitResult } from './types';

export type RateLimiter = {
  /** Counts one attempt against `key` in its fixed window of `windowSeconds`. */
  hit: (key: string, limit: number, windowSeconds: number) => Promise<RateLimitResult>;
  /** Forgets `key`'s window (a successful sign-in clears its failed attempts). */
  reset: (key: string) => Promise<void>;
  /** Forgets every window (the test harness between cases). */
  resetAll: () => Promise<void>;
  /** Drops the windows that have ended (a periodic task; lookups ignore them anyway). */
  sweepExpired: () => Promise<void>;
  /**
   * Only on a request's limiter (rate-limit-scope.ts, made by createContext): where a passed
   * throttle reports its state for the response's RateLimit headers.
   */
  report?: (
    limit: number,
    windowSeconds: number,
    result: Pick<RateLimitResult, 'count' | 'retryAfterSeconds'>,
  ) => void;
};

/**
 * Fixed-window counters in the database, so several server processes on one PostgreSQL share
 * them. One atomic upsert per hit. The embedded database uses memory-rate-limiter.ts instead.
 */
export function createDbRateLimiter(db: Kysely<Database>, clock: Clock): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const now = clock.now();
      const resetAt = new Date(now.getTime() + windowSeconds * 1000);
      const row = await sql<{ count: number; reset_at: Date }>`
        INSERT INTO rate_limits (key, count, reset_at) VALUES (${key}, 1, ${resetAt})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= ${now} THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= ${now} THEN ${resetAt} ELSE rate_limits.reset_at END
        RETURNING count, reset_at`.execute(db);
      const result = row.rows[0]!;
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((new Date(result.reset_at).getTime() - now.getTime()) / 1000),
      );
      return { allowed: result.count <= limit, count: result.count, retryAfterSeconds };
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
    async resetAll() {
      await db.deleteFrom('rate_limits').execute();
    },
    async sweepExpired() {
      await db.deleteFrom('rate_limits').where('reset_at', '<=', clock.now()).execute();
    },
  };
}

/** Ended windows would otherwise stay in the table for good (one row per e-mail and IP tried). */
export const rateLimitSweepTask = {
  name: 'rate-limit-sweep',
  everyMs: 10 * 60_000,
  run: (deps: { rateLimiter: RateLimiter }) => deps.rateLimiter.sweepExpired(),
};

export function tooManyRequests(
  retryAfterSeconds: number,
  message?: string,
  headers: Record<string, string> = {},
): AppError {
  const text =
    message ??
    `Too many attempts. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
  return new AppError('TOO_MANY_REQUESTS', text, {
    headers: { ...headers, 'retry-after': String(retryAfterSeconds) },
    extra: { retry_after: retryAfterSeconds },
  });
}

/** Counts one attempt against `key` and throws 429 with Retry-After once over `limit`. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowSeconds: number,
  message?: (retryAfterSeconds: number) => string,
): Promise<void> {
  const result = await limiter.hit(key, limit, windowSeconds);
  limiter.report?.(limit, windowSeconds, result);
  if (!result.allowed) {
    throw tooManyRequests(
      result.retryAfterSeconds,
      message?.(result.retryAfterSeconds),
      rateLimitHeaders(limit, windowSeconds, result),
    );
  }
}
