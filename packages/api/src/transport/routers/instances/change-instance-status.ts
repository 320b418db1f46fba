import { z } from 'zod';
import { INSTANCE_TEXTS } from '../../../contracts/instances';
import { changeInstanceStatus as change, instanceSchema } from '../../../domain/instances';
import { instances, manageInstances } from './area';

export const changeInstanceStatus = instances
  .authed(
    'PATCH /instances/{uuid}/status',
    'Suspend an active instance or resume a suspended one',
    manageInstances,
  )
  .answers(
    z.object({
      uuid: z.string(),
      action: z.enum(['suspend', 'resume'], { error: 'Action must be suspend or resume' }),
    }),
    instanceSchema,
    (_instance, { action }) =>
      action === 'suspend' ? INSTANCE_TEXTS.suspended : INSTANCE_TEXTS.resumed,
    ({ ctx, input }) => change(ctx.deps, ctx.req, ctx.user, input.uuid, input.action),
  );
