import { z } from 'zod';
import { INSTANCE_TEXTS } from '../../../contracts/instances';
import { envelope, ok } from '../../envelope';
import { changeInstanceStatus as change, instanceSchema } from '../../../domain/instances';
import { authedProcedure } from '../../trpc';

export const changeInstanceStatus = authedProcedure
  .meta({
    scope: 'instances:write',
    permission: 'manage',
    openapi: {
      method: 'PATCH',
      path: '/instances/{uuid}/status',
      tags: ['instances'],
      summary: 'Suspend an active instance or resume a suspended one',
      protect: true,
    },
  })
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
