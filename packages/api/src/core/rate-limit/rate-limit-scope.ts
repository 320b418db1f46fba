import { rateLimitHeaders } from './rate-limit-headers';
import type { RateLimiter } from './rate-limiter';

/**
 * The rate limiter of one request (issue 35: rate-limit state is request-scoped data, kept in the
 * context, not read back through a module): `inner` does the counting; every throttle the call
 * passes (enforceRateLimit) reports itself on `headers`, the context's response headers, so
 * every throttled operation answers with RateLimit-Policy and RateLimit. A call counted by several
 * limits (per address and per account, say) reports the one closest to running out. createContext
 * puts it in the request's deps, so services get it with the deps they are passed.
 */
export function reportingRateLimiter(
  inner: RateLimiter,
  headers: Record<string, string>,
): RateLimiter {
  let closest = Number.POSITIVE_INFINITY;
  return {
    hit: (key, limit, windowSeconds) => inner.hit(key, limit, windowSeconds),
    reset: (key) => inner.reset(key),
    resetAll: () => inner.resetAll(),
    sweepExpired: () => inner.sweepExpired(),
    report(limit, windowSeconds, result) {
      const remaining = Math.max(0, limit - result.count);
      if (remaining > closest) return;
      closest = remaining;
      Object.assign(headers, rateLimitHeaders(limit, windowSeconds, result));
    },
  };
}
