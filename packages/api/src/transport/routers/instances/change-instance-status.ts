import { z } from 'zod';
import { INSTANCE_TEXTS } from '../../../contracts/instances';
import { envelope, ok } from '../../envelope';
import { changeInstanceStatus as change, instanceSchema } from '../../../domain/instances';
import { instances, manageInstances } from './area';

export const changeInstanceStatus = instances
  .authed(
    'PATCH /instances/{uuid}/status',
    'Suspend an active instance or resume a suspended one',
    manageInstances,
  )
  .input(
    z.object({
      uuid: z.string(),
      action: z.enum(['suspend', 'resume'], { error: 'Action must be suspend or resume' }),
    }),
  )
  .output(envelope(instanceSchema))
  .mutation(async ({ ctx, input }) => {
    const result = await change(ctx.deps, ctx.req, ctx.user, input.uuid, input.action);
    return ok(
      result,
      input.action === 'suspend' ? INSTANCE_TEXTS.suspended : INSTANCE_TEXTS.resumed,
    );
  });
