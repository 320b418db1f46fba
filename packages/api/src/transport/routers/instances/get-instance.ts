import { envelope, ok } from '../../envelope';
import { getInstance as get, instanceSchema } from '../../../domain/instances';
import { authedProcedure } from '../../trpc';
import { instanceUuidInput } from './instance-output';

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
