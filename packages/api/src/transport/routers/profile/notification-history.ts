import { z } from 'zod';
import { listNotificationHistory, notificationHistoryItem } from '../../../domain/notifications';
import { authedProcedure } from '../../trpc';
import { cursorPageInput, pagedEnvelope } from './schemas';

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
      ...cursorPageInput,
    }),
  )
  .output(pagedEnvelope(notificationHistoryItem))
  .query(async ({ ctx, input }) => {
    const page = await listNotificationHistory(ctx.deps, ctx.user.id, input);
    return { success: true as const, data: page.items, next_cursor: page.next_cursor };
  });
