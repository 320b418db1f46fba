import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { envelope, ok } from '../../envelope';
import { publicProcedure } from '../../trpc';

const healthData = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /health: the service answers and its database too (503 with Retry-After when not). */
export const checkHealth = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/health',
      tags: ['health'],
      summary: 'Service and database health',
    },
  })
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
