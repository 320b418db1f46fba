import { getInstance as get, instanceSchema } from '../../../domain/instances';
import { instanceUuidInput } from './instance-output';
import { instances, viewInstances } from './area';

export const getInstance = instances
  .authed('GET /instances/{uuid}', 'One of your instances', viewInstances)
  .answers(instanceUuidInput, instanceSchema, ({ ctx, input }) =>
    get(ctx.deps, ctx.user.id, input.uuid),
  );
