import { envelope, ok } from '../../envelope';
import { getInstance as get, instanceSchema } from '../../../domain/instances';
import { instanceUuidInput } from './instance-output';
import { instances } from './area';

export const getInstance = instances
  .authed('GET /instances/{uuid}', 'One of your instances', {
    scope: 'instances:read',
    permission: 'view',
  })
  .input(instanceUuidInput)
  .output(envelope(instanceSchema))
  .query(async ({ ctx, input }) => ok(await get(ctx.deps, ctx.user.id, input.uuid)));
