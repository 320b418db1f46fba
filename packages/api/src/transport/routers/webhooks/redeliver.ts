import { z } from 'zod';
import { WEBHOOK_TEXTS } from '../../../contracts/webhooks';
import { redeliver as again, deliveryOutput } from '../../../domain/webhooks';
import { organizationItemInput } from '../../organization-item';
import { webhooks, writeWebhooks } from './area';

export const redeliver = webhooks
  .authed(
    'POST /organizations/{id}/webhooks/{uuid}/deliveries/{delivery_uuid}/redeliver',
    'Send a delivery’s event again (a new delivery with the same webhook-id)',
    { ...writeWebhooks, successStatus: 202 },
  )
  .answers(
    organizationItemInput.extend({ delivery_uuid: z.string() }),
    deliveryOutput,
    WEBHOOK_TEXTS.redelivered,
    ({ ctx, input }) => again(ctx.deps, ctx.user, input.id, input.uuid, input.delivery_uuid),
  );
