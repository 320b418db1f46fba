import type { Kysely } from 'kysely';
import type { Database, NotificationPreferences } from '@scmp/db';
import { validationError } from '../../core/errors';
import type { NotificationPreferencesOutput } from './notifications-schema';

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
): Promise<NotificationPreferencesOutput> {
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

export const NOTIFICATION_TEXTS = {
  updated: 'Notification preferences updated successfully.',
  smsNeedsPhone: 'Add a phone number to your profile to enable SMS notifications.',
} as const;

/**
 * Stores the whole preferences object. Without a phone number on the profile the SMS group
 * cannot change (its stored values stay as they were).
 */
export async function updateNotificationPreferences(
  db: Kysely<Database>,
  user: { id: number; phone: string | null },
  next: NotificationPreferences,
  now: Date,
): Promise<NotificationPreferencesOutput> {
  const current = await getNotificationPreferences(db, user.id);
  if (!user.phone?.trim()) {
    const changed = (Object.keys(current.sms) as Array<keyof NotificationPreferences['sms']>).some(
      (key) => current.sms[key] !== next.sms[key],
    );
    if (changed) {
      throw validationError('sms', NOTIFICATION_TEXTS.smsNeedsPhone);
    }
  }
  const value: NotificationPreferences = {
    email: { ...next.email },
    push: { ...next.push },
    sms: { ...next.sms },
  };
  await db
    .insertInto('notification_preferences')
    .values({ user_id: user.id, preferences: JSON.stringify(value), updated_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ preferences: JSON.stringify(value), updated_at: now }),
    )
    .execute();
  return value;
}

/** Whether an SMS of this group may be sent: never to a user without a phone number. */
export async function wantsSms(
  db: Kysely<Database>,
  user: { id: number; phone: string | null },
  kind: keyof NotificationPreferences['sms'],
): Promise<boolean> {
  if (!user.phone?.trim()) return false;
  const preferences = await getNotificationPreferences(db, user.id);
  return preferences.sms[kind];
}
