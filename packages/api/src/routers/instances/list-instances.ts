import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope';
import { listInstances as list } from '../../services/instances/instances';
import { authedProcedure } from '../../trpc';
import { instanceSchema } from '../../services/instances/instance-schema';

export const listInstances = authedProcedure
  .meta({
    scope: 'instances:read',
    permission: 'view',
    openapi: {
      method: 'GET',
      path: '/instances',
      tags: ['instances'],
      summary: 'Your instances, optionally of one organization (organization_id = its uuid)',
      protect: true,
    },
  })
  .input(z.object({ organization_id: z.string().max(64).optional() }))
  .output(envelope(z.array(instanceSchema)))
  .query(async ({ ctx, input }) =>
    ok(await list(ctx.deps, ctx.user.id, input.organization_id || undefined)),
  );
