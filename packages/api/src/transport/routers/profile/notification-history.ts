import { z } from 'zod';
import { okPage } from '../../envelope';
import { listNotificationHistory, notificationHistoryItem } from '../../../domain/notifications';
import { cursorPageInput, pagedEnvelope } from './schemas';
import { profile } from './area';

export const notificationHistory = profile
  .authed('GET /notifications/history', 'Notifications sent to the user (e-mails), newest first', {
    scope: 'profile:read',
  })
  .input(z.object(cursorPageInput))
  .output(pagedEnvelope(notificationHistoryItem))
  .query(async ({ ctx, input }) =>
    okPage(await listNotificationHistory(ctx.deps, ctx.user.id, input)),
  );
