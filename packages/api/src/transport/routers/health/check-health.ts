import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { envelope, ok } from '../../envelope';
import { health } from './area';

const healthData = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /health: the service answers and its database too (503 with Retry-After when not). */
export const checkHealth = health
  // protect unset, as published: the REST door marks the answer no-store (never a cached health).
  .public('GET /health', 'Service and database health', { protect: undefined })
  .output(envelope(healthData))
  .query(async ({ ctx }) => {
    try {
      await ctx.deps.pingDb();
    } catch (cause) {
      throw new AppError('SERVICE_UNAVAILABLE', 'The database cannot be reached.', {
        cause,
        extra: { data: { status: 'error', database: 'down' } },
        headers: { 'retry-after': '5' },
      });
    }
    return ok({ status: 'ok' as const, database: 'ok' as const });
  });
