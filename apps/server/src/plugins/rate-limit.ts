import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '@scmp/api';

/**
 * Route-level limits for plain Fastify routes (procedures use deps.rateLimiter directly). The counters live in
 * the database (deps.rateLimiter), so several server processes share them.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  deps: AppDeps,
  maxPerMinute: number,
): Promise<void> {
  class DbStore {
    private readonly windowSeconds: number;
    constructor(options: { timeWindow?: number }) {
      this.windowSeconds = Math.ceil((options.timeWindow ?? 60_000) / 1000);
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    ): void {
      deps.rateLimiter
        .hit(`ip:${key}`, Number.MAX_SAFE_INTEGER, this.windowSeconds)
        .then((r) => callback(null, { current: r.count, ttl: r.retryAfterSeconds * 1000 }))
        .catch((error: Error) => callback(error));
    }
    child(routeOptions: object) {
      return new DbStore(routeOptions as { timeWindow?: number });
    }
  }
  await app.register(rateLimit, {
    global: false,
    max: maxPerMinute,
    timeWindow: 60_000,
    store: DbStore,
    skipOnError: true,
    allowList: (request) => !request.url.startsWith('/api/') && !request.url.startsWith('/trpc/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      code: 'TOO_MANY_REQUESTS',
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
}
