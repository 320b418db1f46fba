import type { Selectable } from 'kysely';
import type { UsersTable } from '@scmp/db';
import type { AppDeps } from '../../../core/app-deps';
import { getNotificationPreferences } from '../../notifications';
import { jsonEntry, type ArchiveEntry } from '../zip-archive';
import { exportedRows } from '../export-rows';
import { toIso } from '../../../core/iso-date';

/** API tokens and webhooks the person created, and what they agreed to. */
export function tokenAndConsentEntries(
  deps: AppDeps,
  userId: number,
  user: Selectable<UsersTable>,
): ArchiveEntry[] {
  const db = deps.db;
  const entries: ArchiveEntry[] = [];
  entries.push(
    jsonEntry('api-tokens-and-webhooks.json', async () => {
      const tokens = await exportedRows(db, 'api_tokens', 'user_id', userId);
      const webhooks = await db
        .selectFrom('webhook_endpoints as w')
        .innerJoin('organizations as o', 'o.id', 'w.organization_id')
        .select([
          'w.uuid',
          'w.url',
          'w.description',
          'w.events',
          'w.enabled',
          'w.created_at',
          'o.name as organization_name',
        ])
        .where('w.created_by', '=', userId)
        .orderBy('w.id')
        .execute();
      return {
        api_tokens: tokens,
        webhooks: webhooks.map((w) => ({
          uuid: w.uuid,
          organization: w.organization_name,
          url: w.url,
          description: w.description,
          events: w.events,
          enabled: w.enabled,
          created_at: toIso(w.created_at),
        })),
      };
    }),
    jsonEntry('consent.json', async () => {
      const prefs = await getNotificationPreferences(db, userId);
      const row = await db
        .selectFrom('notification_preferences')
        .select('updated_at')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return {
        registered_at: toIso(user.created_at),
        terms:
          'The Terms of Service and Privacy Policy were accepted when the account was registered.',
        marketing_email: prefs.email.marketing,
        marketing_email_updated_at: toIso(row?.updated_at ?? null),
        cookies: 'Cookie choices are stored in your browser only (the cookie_consent cookie).',
      };
    }),
  );
  return entries;
}
