import { z } from 'zod';
import { listDeliveries as list, deliveryOutput } from '../../../domain/webhooks';
import { authedProcedure } from '../../trpc';
import { cursorPageInput, pagedEnvelope } from '../profile/schemas';

export const listDeliveries = authedProcedure
  .meta({
    scope: 'webhooks:read',
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: '/organizations/{id}/webhooks/{uuid}/deliveries',
      tags: ['webhooks'],
      summary: 'A webhook’s deliveries, newest first, by cursor (kept 30 days)',
      protect: true,
    },
  })
  .input(
    z.object({
      id: z.string(),
      uuid: z.string(),
      ...cursorPageInput,
    }),
  )
  .output(pagedEnvelope(deliveryOutput))
  .query(async ({ ctx, input }) => {
    const page = await list(ctx.deps, ctx.user, input.id, input.uuid, input);
    return { success: true as const, data: page.items, next_cursor: page.next_cursor };
  });
