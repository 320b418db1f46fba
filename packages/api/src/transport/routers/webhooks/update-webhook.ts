import { z } from 'zod';
import { WEBHOOK_TEXTS } from '../../../contracts/webhooks';
import { updateWebhook as update, webhookOutput } from '../../../domain/webhooks';
import { webhookDescription, webhookEvents, webhookUrl } from './schemas';
import { organizationItemInput } from '../../organization-item';
import { webhooks, writeWebhooks } from './area';

export const updateWebhook = webhooks
  .authed(
    'PATCH /organizations/{id}/webhooks/{uuid}',
    'Change a webhook’s URL, events or description, or disable and enable it',
    {
      ...writeWebhooks,
      description: 'Enabling a webhook that was disabled after failures starts a new 3-day window.',
    },
  )
  .answers(
    organizationItemInput.extend({
      url: webhookUrl.optional(),
      events: webhookEvents.optional(),
      description: webhookDescription,
      enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    }),
    webhookOutput,
    WEBHOOK_TEXTS.updated,
    ({ ctx, input: { id, uuid, ...changes } }) =>
      update(ctx.deps, ctx.req, ctx.user, id, uuid, changes),
  );
