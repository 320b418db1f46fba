import { WEBHOOK_TEXTS } from '../../../contracts/webhooks';
import { messageEnvelope, okMessage } from '../../envelope';
import { deleteWebhook as remove } from '../../../domain/webhooks';
import { authedProcedure } from '../../trpc';
import { webhookIdInput } from './schemas';

export const deleteWebhook = authedProcedure
  .meta({
    scope: 'webhooks:write',
    permission: 'manage',
    openapi: {
      method: 'DELETE',
      path: '/organizations/{id}/webhooks/{uuid}',
      tags: ['webhooks'],
      summary: 'Delete a webhook with its delivery log',
      protect: true,
    },
  })
  .input(webhookIdInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await remove(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(WEBHOOK_TEXTS.deleted);
  });
