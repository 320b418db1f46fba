import { z } from 'zod';
import { WEBHOOK_TEXTS } from '../../../contracts/webhooks';
import { envelope, ok } from '../../envelope';
import { redeliver as again, deliveryOutput } from '../../../domain/webhooks';
import { organizationItemInput } from '../../organization-item';
import { webhooks, writeWebhooks } from './area';

export const redeliver = webhooks
  .authed(
    'POST /organizations/{id}/webhooks/{uuid}/deliveries/{delivery_uuid}/redeliver',
    'Send a delivery’s event again (a new delivery with the same webhook-id)',
    { ...writeWebhooks, successStatus: 202 },
  )
  .input(organizationItemInput.extend({ delivery_uuid: z.string() }))
  .output(envelope(deliveryOutput))
  .mutation(async ({ ctx, input }) =>
    ok(
      await again(ctx.deps, ctx.user, input.id, input.uuid, input.delivery_uuid),
      WEBHOOK_TEXTS.redelivered,
    ),
  );
