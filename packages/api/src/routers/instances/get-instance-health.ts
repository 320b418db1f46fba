import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope';
import { instanceHealth as health } from '../../services/instances/health-history';
import { authedProcedure } from '../../trpc';
import { instanceUuidInput } from './instance-output';

const uptimePeriod = z.object({
  uptime: z.number().nullable().describe('Healthy checks in percent; null without checks'),
  checks: z.number().int(),
  failed: z.number().int(),
});

/** GET /instances/{uuid}/health: uptime per period, the last day's checks, incidents. */
export const getInstanceHealth = authedProcedure
  .meta({
    scope: 'instances:read',
    permission: 'view',
    openapi: {
      method: 'GET',
      path: '/instances/{uuid}/health',
      tags: ['instances'],
      summary:
        'Health history: uptime for 24 h, 7 and 30 days, the last 24 h of checks, and incidents (runs of failed checks)',
      protect: true,
    },
  })
  .input(instanceUuidInput)
  .output(
    envelope(
      z.object({
        uptime: z.object({ '24h': uptimePeriod, '7d': uptimePeriod, '30d': uptimePeriod }),
        checks: z.array(
          z.object({
            checked_at: z.string(),
            healthy: z.boolean(),
            status_code: z.number().int().nullable(),
            response_ms: z.number().int(),
          }),
        ),
        incidents: z.array(
          z.object({
            started_at: z.string(),
            ended_at: z.string().nullable(),
            duration_seconds: z.number().int(),
            failed_checks: z.number().int(),
          }),
        ),
      }),
    ),
  )
  .query(async ({ ctx, input }) => ok(await health(ctx.deps, ctx.user.id, input.uuid)));
