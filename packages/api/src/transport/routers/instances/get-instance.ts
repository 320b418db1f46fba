import { envelope, ok } from '../../envelope';
import { getInstance as get, instanceSchema } from '../../../domain/instances';
import { instanceUuidInput } from './instance-output';
import { instances, viewInstances } from './area';

export const getInstance = instances
  .authed('GET /instances/{uuid}', 'One of your instances', viewInstances)
  .input(instanceUuidInput)
  .output(envelope(instanceSchema))
  .query(async ({ ctx, input }) => ok(await get(ctx.deps, ctx.user.id, input.uuid)));
