import { WEBHOOK_TEXTS } from '../../../contracts/webhooks';
import { messageEnvelope, okMessage } from '../../envelope';
import { deleteWebhook as remove } from '../../../domain/webhooks';
import { webhookIdInput } from './schemas';
import { webhooks, writeWebhooks } from './area';

export const deleteWebhook = webhooks
  .authed(
    'DELETE /organizations/{id}/webhooks/{uuid}',
    'Delete a webhook with its delivery log',
    writeWebhooks,
  )
  .input(webhookIdInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await remove(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(WEBHOOK_TEXTS.deleted);
  });
