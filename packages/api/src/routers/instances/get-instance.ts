import { envelope, ok } from '../../lib/envelope';
import { getInstance as get } from '../../services/instances/instances';
import { authedProcedure } from '../../trpc';
import { instanceUuidInput } from './instance-output';
import { instanceSchema } from '../../services/instances/instance-schema';

export const getInstance = authedProcedure
  .meta({
    scope: 'instances:read',
    permission: 'view',
    openapi: {
      method: 'GET',
      path: '/instances/{uuid}',
      tags: ['instances'],
      summary: 'One of your instances',
      protect: true,
    },
  })
  .input(instanceUuidInput)
  .output(envelope(instanceSchema))
  .query(async ({ ctx, input }) => ok(await get(ctx.deps, ctx.user.id, input.uuid)));
