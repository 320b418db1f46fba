import { z } from 'zod';
import { listNotificationHistory } from '../../../domain/notifications';
import { authedProcedure } from '../../trpc';
import { notificationHistoryItem, pagedEnvelope } from './schemas';

export const notificationHistory = authedProcedure
  .meta({
    scope: 'profile:read',
    openapi: {
      method: 'GET',
      path: '/notifications/history',
      tags: ['profile'],
      summary: 'Notifications sent to the user (e-mails), newest first',
      protect: true,
    },
  })
  .input(
    z.object({
      cursor: z.string().max(200).optional(),
      limit: z.coerce
        .number({ error: 'The limit must be a number from 1 to 100.' })
        .int('The limit must be a number from 1 to 100.')
        .min(1, 'The limit must be a number from 1 to 100.')
        .max(100, 'The limit must be a number from 1 to 100.')
        .default(20),
    }),
  )
  .output(pagedEnvelope(notificationHistoryItem))
  .query(async ({ ctx, input }) => {
    const page = await listNotificationHistory(ctx.deps, ctx.user.id, input);
    return { success: true as const, data: page.items, next_cursor: page.next_cursor };
  });
