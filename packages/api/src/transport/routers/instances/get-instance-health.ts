import { envelope, ok } from '../../envelope';
import { instanceHealth as health, instanceHealthSchema } from '../../../domain/instances';
import { authedProcedure } from '../../trpc';
import { instanceUuidInput } from './instance-output';

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
  .output(envelope(instanceHealthSchema))
  .query(async ({ ctx, input }) => ok(await health(ctx.deps, ctx.user.id, input.uuid)));
