import {
  NOTIFICATION_TEXTS,
  notificationPreferencesSchema,
  updateNotificationPreferences as save,
} from '../../../domain/notifications';
import { profile } from './area';

export const updateNotificationPreferences = profile
  .authed(
    'PUT /notifications/preferences',
    'Replace the notification preferences with the full object',
    {
      description:
        'Every switch of every group is required; unknown keys and non-boolean values are refused. ' +
        'Without a phone number on the profile the sms group cannot change.',
    },
  )
  .answers(
    notificationPreferencesSchema,
    notificationPreferencesSchema,
    NOTIFICATION_TEXTS.updated,
    ({ ctx, input }) => save(ctx.deps.db, ctx.user, input, ctx.deps.clock.now()),
  );
