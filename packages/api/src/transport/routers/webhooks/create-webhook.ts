import { z } from 'zod';
import { WEBHOOK_TEXTS } from '../../../contracts/webhooks';
import { createWebhook as create, createdWebhookOutput } from '../../../domain/webhooks';
import { webhookDescription, webhookEvents, webhookUrl } from './schemas';
import { createsOnce } from '../../create-meta';
import { webhooks, writeWebhooks } from './area';

export const createWebhook = webhooks
  .authed(
    'POST /organizations/{id}/webhooks',
    'Add a webhook; the signing secret is in this response only',
    {
      ...writeWebhooks,
      ...createsOnce,
      description:
        'Events are signed as the Standard Webhooks specification says (webhook-id, ' +
        'webhook-timestamp, webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">). ' +
        'In production the URL must be https:// and resolve only to public addresses.',
    },
  )
  .answers(
    z.object({
      id: z.string(),
      url: webhookUrl,
      events: webhookEvents,
      description: webhookDescription,
    }),
    createdWebhookOutput,
    WEBHOOK_TEXTS.created,
    ({ ctx, input }) =>
      create(ctx.deps, ctx.req, ctx.user, input.id, {
        url: input.url,
        events: input.events,
        description: input.description,
      }),
  );
