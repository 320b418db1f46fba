import { envelope, ok } from '../../envelope';
import {
  getNotificationPreferences as load,
  notificationPreferencesSchema,
} from '../../../domain/notifications';
import { authedProcedure } from '../../trpc';

export const getNotificationPreferences = authedProcedure
  .meta({
    scope: 'profile:read',
    openapi: {
      method: 'GET',
      path: '/notifications/preferences',
      tags: ['profile'],
      summary: 'Notification preferences (email, push and sms switches)',
      protect: true,
    },
  })
  .output(envelope(notificationPreferencesSchema))
  .query(async ({ ctx }) => ok(await load(ctx.deps.db, ctx.user.id)));
