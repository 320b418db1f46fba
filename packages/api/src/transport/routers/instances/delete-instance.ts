import { messageEnvelope, okMessage } from '../../envelope';
import { deleteInstance as remove } from '../../../domain/instances';
import { instanceUuidInput } from './instance-output';
import { instances, manageInstances } from './area';

export const deleteInstance = instances
  .authed(
    'DELETE /instances/{uuid}',
    'Delete (terminate) an instance and release its host',
    manageInstances,
  )
  .input(instanceUuidInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    const { name } = await remove(ctx.deps, ctx.req, ctx.user, input.uuid);
    return okMessage(`Instance "${name}" has been deleted successfully.`);
  });
