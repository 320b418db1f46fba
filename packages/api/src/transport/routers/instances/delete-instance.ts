import { messageEnvelope, okMessage } from '../../envelope';
import { deleteInstance as remove } from '../../../domain/instances';
import { authedProcedure } from '../../trpc';
import { instanceUuidInput } from './instance-output';

export const deleteInstance = authedProcedure
  .meta({
    scope: 'instances:write',
    permission: 'manage',
    openapi: {
      method: 'DELETE',
      path: '/instances/{uuid}',
      tags: ['instances'],
      summary: 'Delete (terminate) an instance and release its host',
      protect: true,
    },
  })
  .input(instanceUuidInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    const { name } = await remove(ctx.deps, ctx.req, ctx.user, input.uuid);
    return okMessage(`Instance "${name}" has been deleted successfully.`);
  });
