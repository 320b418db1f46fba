import { WEBHOOK_TEXTS } from '../../../contracts/webhooks';
import { sendTestEvent, deliveryOutput } from '../../../domain/webhooks';
import { organizationItemInput } from '../../organization-item';
import { webhooks, writeWebhooks } from './area';

export const testWebhook = webhooks
  .authed(
    'POST /organizations/{id}/webhooks/{uuid}/test',
    'Send a signed ping event to this webhook',
    { ...writeWebhooks, successStatus: 202 },
  )
  .answers(organizationItemInput, deliveryOutput, WEBHOOK_TEXTS.testSent, ({ ctx, input }) =>
    sendTestEvent(ctx.deps, ctx.user, input.id, input.uuid),
  );
