import { envelope, ok } from '../../envelope';
import {
  getNotificationPreferences as load,
  notificationPreferencesSchema,
} from '../../../domain/notifications';
import { profile } from './area';

export const getNotificationPreferences = profile
  .authed(
    'GET /notifications/preferences',
    'Notification preferences (email, push and sms switches)',
    { scope: 'profile:read' },
  )
  .output(envelope(notificationPreferencesSchema))
  .query(async ({ ctx }) => ok(await load(ctx.deps.db, ctx.user.id)));
