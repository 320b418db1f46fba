import { envelope, ok } from '../../envelope';
import { getWebhook as get, webhookOutput } from '../../../domain/webhooks';
import { webhookIdInput } from './schemas';
import { webhooks } from './area';

export const getWebhook = webhooks
  .authed('GET /organizations/{id}/webhooks/{uuid}', 'One webhook', {
    scope: 'webhooks:read',
    permission: 'manage',
  })
  .input(webhookIdInput)
  .output(envelope(webhookOutput))
  .query(async ({ ctx, input }) => ok(await get(ctx.deps, ctx.user, input.id, input.uuid)));
