import { WEBHOOK_TEXTS } from '../../../contracts/webhooks';
import { envelope, ok } from '../../envelope';
import { sendTestEvent, deliveryOutput } from '../../../domain/webhooks';
import { authedProcedure } from '../../trpc';
import { webhookIdInput } from './schemas';

export const testWebhook = authedProcedure
  .meta({
    scope: 'webhooks:write',
    permission: 'manage',
    openapi: {
      method: 'POST',
      path: '/organizations/{id}/webhooks/{uuid}/test',
      tags: ['webhooks'],
      summary: 'Send a signed ping event to this webhook',
      protect: true,
    },
    successStatus: 202,
  })
  .input(webhookIdInput)
  .output(envelope(deliveryOutput))
  .mutation(async ({ ctx, input }) =>
    ok(await sendTestEvent(ctx.deps, ctx.user, input.id, input.uuid), WEBHOOK_TEXTS.testSent),
  );
