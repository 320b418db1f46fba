import { getWebhook as get, webhookOutput } from '../../../domain/webhooks';
import { organizationItemInput } from '../../organization-item';
import { webhooks, readWebhooks } from './area';

export const getWebhook = webhooks
  .authed('GET /organizations/{id}/webhooks/{uuid}', 'One webhook', readWebhooks)
  .answers(organizationItemInput, webhookOutput, ({ ctx, input }) =>
    get(ctx.deps, ctx.user, input.id, input.uuid),
  );
