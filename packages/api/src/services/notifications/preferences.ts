import type { Kysely } from 'kysely';
import type { Database, NotificationPreferences } from '@scmp/db';

/** Defaults before a user changes anything (spec part 2 §3). */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: { marketing: true, security: true, updates: true, reports: false },
  push: { messages: true, updates: false, security: true, marketing: false },
  sms: { security: true, urgent: true, marketing: false, updates: false },
};

/** A user's preferences, stored values merged over the defaults. */
export async function getNotificationPreferences(
  db: Kysely<Database>,
  userId: number,
): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_preferences')
    .select('preferences')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const stored = (row?.preferences ?? {}) as Partial<NotificationPreferences>;
  return {
    email: { ...DEFAULT_NOTIFICATION_PREFERENCES.email, ...stored.email },
    push: { ...DEFAULT_NOTIFICATION_PREFERENCES.push, ...stored.push },
    sms: { ...DEFAULT_NOTIFICATION_PREFERENCES.sms, ...stored.sms },
  };
}

/** Whether a non-security e-mail of this group may be sent (security notices always go out). */
export async function wantsEmail(
  db: Kysely<Database>,
  userId: number,
  kind: keyof NotificationPreferences['email'],
): Promise<boolean> {
  if (kind === 'security') return true;
  const preferences = await getNotificationPreferences(db, userId);
  return preferences.email[kind];
}
