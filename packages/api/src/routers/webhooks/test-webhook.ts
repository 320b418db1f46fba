import { WEBHOOK_TEXTS } from '../../contracts/webhooks';
import { envelope, ok } from '../../lib/envelope';
import { sendTestEvent } from '../../services/webhooks';
import { authedProcedure } from '../../trpc';
import { webhookIdInput } from './schemas';
import { deliveryOutput } from '../../services/webhooks/webhook-schema';

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
