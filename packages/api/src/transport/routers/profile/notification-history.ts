import { z } from 'zod';
import { listNotificationHistory, notificationHistoryItem } from '../../../domain/notifications';
import { cursorPageInput, pagedEnvelope } from './schemas';
import { profile } from './area';

export const notificationHistory = profile
  .authed('GET /notifications/history', 'Notifications sent to the user (e-mails), newest first', {
    scope: 'profile:read',
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
