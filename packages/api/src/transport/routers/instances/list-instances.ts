import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listInstances as list, instanceSchema } from '../../../domain/instances';
import { instances, viewInstances } from './area';

export const listInstances = instances
  .authed(
    'GET /instances',
    'Your instances, optionally of one organization (organization_id = its uuid)',
    viewInstances,
  )
  .input(z.object({ organization_id: z.string().max(64).optional() }))
  .output(envelope(z.array(instanceSchema)))
  .query(async ({ ctx, input }) =>
    ok(await list(ctx.deps, ctx.user.id, input.organization_id || undefined)),
  );
