import type { Selectable } from 'kysely';
import type { UsersTable } from '@scmp/db';
import type { AppDeps } from '../../../core/app-deps';
import { describeUserAgent } from '../../activity';
import { getNotificationPreferences } from '../../notifications';
import { jsonEntry, type ArchiveEntry } from '../zip-archive';
import { withIsoDates } from '../export-rows';
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
      const passkeys = await db
        .selectFrom('passkeys')
        .select(['uuid', 'name', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
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
        passkeys: passkeys.map((p) => withIsoDates(p, ['created_at', 'last_used_at'])),
      };
    }),
    jsonEntry('sessions.json', async () => {
      const rows = await db
        .selectFrom('sessions')
        .select([
          'uuid',
          'ip_address',
          'user_agent',
          'created_at',
          'last_active_at',
          'expires_at',
          'revoked_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((s) => ({
        uuid: s.uuid,
        device: describeUserAgent(s.user_agent).device,
        user_agent: s.user_agent,
        ip_address: s.ip_address,
        created_at: toIso(s.created_at),
        last_active_at: toIso(s.last_active_at),
        expires_at: toIso(s.expires_at),
        ended_at: toIso(s.revoked_at),
      }));
    }),
    jsonEntry('notifications.json', async () => {
      const prefs = await db
        .selectFrom('notification_preferences')
        .select(['preferences', 'updated_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const mail = await db
        .selectFrom('mail_outbox')
        .select(['uuid', 'kind', 'to_address', 'subject', 'status', 'created_at', 'sent_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return {
        preferences: await getNotificationPreferences(db, userId),
        preferences_updated_at: toIso(prefs?.updated_at ?? null),
        history: mail.map((m) => ({
          uuid: m.uuid,
          kind: m.kind,
          to: m.to_address,
          subject: m.subject,
          status: m.status,
          created_at: toIso(m.created_at),
          sent_at: toIso(m.sent_at),
        })),
      };
    }),
    jsonEntry('activity.json', async () => {
      const rows = await db
        .selectFrom('activity_events')
        .select([
          'uuid',
          'type',
          'action',
          'description',
          'severity',
          'ip_address',
          'user_agent',
          'device',
          'location',
          'created_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, created_at: toIso(r.created_at) }));
    }),
    jsonEntry('organizations.json', async () => {
      const owned = await db
        .selectFrom('organizations')
        .select(['uuid', 'name', 'type', 'description', 'subdomain', 'status', 'created_at'])
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      const memberships = await db
        .selectFrom('organization_members as m')
        .innerJoin('organizations as o', 'o.id', 'm.organization_id')
        .select(['o.uuid', 'o.name', 'm.role', 'm.joined_at'])
        .where('m.user_id', '=', userId)
        .orderBy('o.id')
        .execute();
      return {
        owned: owned.map((o) => ({ ...o, created_at: toIso(o.created_at) })),
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
