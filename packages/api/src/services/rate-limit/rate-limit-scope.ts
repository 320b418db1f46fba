import { AsyncLocalStorage } from 'node:async_hooks';
import { rateLimitHeaders } from './rate-limit-headers';
import type { RateLimitResult } from './types';

type Scope = { headers: Record<string, string>; remaining: number };
const current = new AsyncLocalStorage<Scope>();

/**
 * Runs one procedure call with `headers` (its context's response headers) as the place where the
 * throttles it passes report themselves, so every throttled operation answers with RateLimit-Policy
 * and RateLimit without each of its 40-odd call sites carrying the context (issue 22).
 */
export function withRateLimitReporting<T>(headers: Record<string, string>, run: () => T): T {
  return current.run({ headers, remaining: Number.POSITIVE_INFINITY }, run);
}

/**
 * Records one throttle's state on the current call's response. An operation counted by several
 * limits (per address and per account, say) reports the one closest to running out.
 */
export function reportRateLimit(
  limit: number,
  windowSeconds: number,
  result: Pick<RateLimitResult, 'count' | 'retryAfterSeconds'>,
): void {
  const scope = current.getStore();
  if (!scope) return;
  const remaining = Math.max(0, limit - result.count);
  if (remaining > scope.remaining) return;
  scope.remaining = remaining;
  Object.assign(scope.headers, rateLimitHeaders(limit, windowSeconds, result));
}
