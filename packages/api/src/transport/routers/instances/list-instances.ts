import { z } from 'zod';
import { listInstances as list, instanceSchema } from '../../../domain/instances';
import { instances, viewInstances } from './area';

export const listInstances = instances
  .authed(
    'GET /instances',
    'Your instances, optionally of one organization (organization_id = its uuid)',
    viewInstances,
  )
  .answers(
    z.object({ organization_id: z.string().max(64).optional() }),
    z.array(instanceSchema),
    ({ ctx, input }) => list(ctx.deps, ctx.user.id, input.organization_id || undefined),
  );
