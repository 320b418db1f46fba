import { envelope, ok } from '../../envelope';
import {
  NOTIFICATION_TEXTS,
  notificationPreferencesSchema,
  updateNotificationPreferences as save,
} from '../../../domain/notifications';
import { authedProcedure } from '../../trpc';

export const updateNotificationPreferences = authedProcedure
  .meta({
    openapi: {
      method: 'PUT',
      path: '/notifications/preferences',
      tags: ['profile'],
      summary: 'Replace the notification preferences with the full object',
      description:
        'Every switch of every group is required; unknown keys and non-boolean values are refused. ' +
        'Without a phone number on the profile the sms group cannot change.',
      protect: true,
    },
  })
  .input(notificationPreferencesSchema)
  .output(envelope(notificationPreferencesSchema))
  .mutation(async ({ ctx, input }) =>
    ok(await save(ctx.deps.db, ctx.user, input, ctx.deps.clock.now()), NOTIFICATION_TEXTS.updated),
  );
