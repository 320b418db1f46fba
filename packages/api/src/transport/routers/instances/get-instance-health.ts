import { instanceHealth as health, instanceHealthSchema } from '../../../domain/instances';
import { instanceUuidInput } from './instance-output';
import { instances, viewInstances } from './area';

/** GET /instances/{uuid}/health: uptime per period, the last day's checks, incidents. */
export const getInstanceHealth = instances
  .authed(
    'GET /instances/{uuid}/health',
    'Health history: uptime for 24 h, 7 and 30 days, the last 24 h of checks, and incidents (runs of failed checks)',
    viewInstances,
  )
  .answers(instanceUuidInput, instanceHealthSchema, ({ ctx, input }) =>
    health(ctx.deps, ctx.user.id, input.uuid),
  );
