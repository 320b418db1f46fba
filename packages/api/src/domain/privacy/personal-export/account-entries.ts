import type { Selectable } from 'kysely';
import type { UsersTable } from '@scmp/db';
import type { AppDeps } from '../../../core/app-deps';
import { describeUserAgent } from '../../activity';
import { getNotificationPreferences } from '../../notifications';
import { jsonEntry, type ArchiveEntry } from '../zip-archive';
import { exportedRows } from '../export-rows';
import { toIso } from '../../../core/iso-date';

/** The account's own records: profile, sign-in methods, sessions, notifications, activity, organizations. */
export function accountEntries(
  deps: AppDeps,
  userId: number,
  user: Selectable<UsersTable>,
): ArchiveEntry[] {
  const db = deps.db;
  return [
    jsonEntry('profile.json', async () => ({
      uuid: user.uuid,
      name: user.name,
      email: user.email,
      email_verified_at: toIso(user.email_verified_at),
      phone: user.phone,
      bio: user.bio,
      location: user.location,
      website: user.website,
      has_profile_photo: Boolean(user.avatar_path),
      created_at: toIso(user.created_at),
      updated_at: toIso(user.updated_at),
    })),
    jsonEntry('sign-in-methods.json', async () => {
      const passkeys = await exportedRows(db, 'passkeys', 'user_id', userId);
      const twoFactor = await db
        .selectFrom('two_factor_secrets')
        .select(['confirmed_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return {
        password: { set: true },
        two_factor: {
          enabled: user.two_factor_enabled,
          enabled_at: toIso(twoFactor?.confirmed_at ?? null),
        },
        passkeys,
      };
    }),
    jsonEntry('sessions.json', async () => {
      const rows = await exportedRows(db, 'sessions', 'user_id', userId);
      return rows.map(({ uuid, revoked_at, ...s }) => ({
        uuid,
        device: describeUserAgent(s.user_agent).device,
        ...s,
        ended_at: revoked_at,
      }));
    }),
    jsonEntry('notifications.json', async () => {
      const prefs = await db
        .selectFrom('notification_preferences')
        .select(['preferences', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const mail = await exportedRows(db, 'mail_outbox', 'user_id', userId);
      return {
        preferences: await getNotificationPreferences(db, userId),
        preferences_updated_at: toIso(prefs?.updated_at ?? null),
        history: mail.map(({ uuid, kind, to_address, ...m }) => ({
          uuid,
          kind,
          to: to_address,
          ...m,
        })),
      };
    }),
    jsonEntry('activity.json', async () => exportedRows(db, 'activity_events', 'user_id', userId)),
    jsonEntry('organizations.json', async () => {
      const owned = await exportedRows(db, 'organizations', 'owner_id', userId);
      const memberships = await db
        .selectFrom('organization_members as m')
        .innerJoin('organizations as o', 'o.id', 'm.organization_id')
        .select(['o.uuid', 'o.name', 'm.role', 'm.joined_at'])
        .where('m.user_id', '=', userId)
        .orderBy('o.id')
        .execute();
      return {
        owned,
        memberships: memberships.map((m) => ({
          organization_uuid: m.uuid,
          organization_name: m.name,
          role: m.role,
          joined_at: toIso(m.joined_at),
        })),
      };
    }),
  ];
}
