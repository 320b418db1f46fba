import { z } from 'zod';
import { okPage } from '../../envelope';
import { listDeliveries as list, deliveryOutput } from '../../../domain/webhooks';
import { cursorPageInput, pagedEnvelope } from '../profile/schemas';
import { webhooks, readWebhooks } from './area';

export const listDeliveries = webhooks
  .authed(
    'GET /organizations/{id}/webhooks/{uuid}/deliveries',
    'A webhook’s deliveries, newest first, by cursor (kept 30 days)',
    readWebhooks,
  )
  .input(
    z.object({
      id: z.string(),
      uuid: z.string(),
      ...cursorPageInput,
    }),
  )
  .output(pagedEnvelope(deliveryOutput))
  .query(async ({ ctx, input }) =>
    okPage(await list(ctx.deps, ctx.user, input.id, input.uuid, input)),
  );
