import type { RateLimitResult } from './types';

/**
 * RateLimit-Policy and RateLimit as the IETF httpapi draft has them
 * (draft-ietf-httpapi-ratelimit-headers): the policy's quota `q` per window `w` seconds, and what
 * remains `r` with the seconds `t` until the window resets.
 */
export function rateLimitHeaders(
  limit: number,
  windowSeconds: number,
  result: Pick<RateLimitResult, 'count' | 'retryAfterSeconds'>,
): Record<string, string> {
  const remaining = Math.max(0, limit - result.count);
  return {
    'ratelimit-policy': `"default";q=${limit};w=${windowSeconds}`,
    ratelimit: `"default";r=${remaining};t=${result.retryAfterSeconds}`,
  };
}
