import { z } from 'zod';
import { instancesUptime, instancesUptimeSchema } from '../../../domain/instances';
import { instances, viewInstances } from './area';

/** GET /instances/uptime: the share of healthy checks per day, for the instances list's bars. */
export const getInstancesUptime = instances
  .authed(
    'GET /instances/uptime',
    'Uptime per day (UTC) over the last `days` days for all your instances, or those of one organization (organization_id = its uuid)',
    viewInstances,
  )
  .answers(
    z.object({
      days: z.coerce.number().int().min(1).max(90).default(30),
      organization_id: z.string().max(64).optional(),
    }),
    instancesUptimeSchema,
    ({ ctx, input }) =>
      instancesUptime(ctx.deps, ctx.user.id, input.days, input.organization_id || undefined),
  );
