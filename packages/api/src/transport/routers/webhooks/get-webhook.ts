import { envelope, ok } from '../../envelope';
import { getWebhook as get, webhookOutput } from '../../../domain/webhooks';
import { authedProcedure } from '../../trpc';
import { webhookIdInput } from './schemas';

export const getWebhook = authedProcedure
  .meta({
    scope: 'webhooks:read',
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: '/organizations/{id}/webhooks/{uuid}',
      tags: ['webhooks'],
      summary: 'One webhook',
      protect: true,
    },
  })
  .input(webhookIdInput)
  .output(envelope(webhookOutput))
  .query(async ({ ctx, input }) => ok(await get(ctx.deps, ctx.user, input.id, input.uuid)));
