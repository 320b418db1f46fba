import { sql, type Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { PRIVACY_TEXTS } from '../../contracts/privacy';
import { placeholderEmail } from './account-deletion';

/**
 * A table's rule in a purge. `byOwner`: the purge deletes the table's rows of the account (or
 * organization) by its id column, in the rule table's order (deleteOwnedRows); the other deletes
 * are written out in the purge function.
 */
export type PurgeRule =
  | { rule: 'delete'; how: string; byOwner?: true }
  | { rule: 'anonymise'; how: string }
  | { rule: 'keep'; reason: string };

/** The rows of the account (or organization), deleted by its id column (deleteOwnedRows). */
export const deleteByOwner = (how: string): PurgeRule => ({ rule: 'delete', how, byOwner: true });
/** Rows the purge function deletes itself (not simply by owner). */
export const deleteRows = (how: string): PurgeRule => ({ rule: 'delete', how });
export const anonymise = (how: string): PurgeRule => ({ rule: 'anonymise', how });
export const keep = (reason: string): PurgeRule => ({ rule: 'keep', reason });

/** Deletes the rows owned by `id` (by `column`) of every table whose rule is a delete by owner. */
export async function deleteOwnedRows(
  trx: Kysely<Database>,
  rules: Record<string, PurgeRule>,
  column: 'user_id' | 'organization_id',
  id: number,
): Promise<void> {
  for (const [table, rule] of Object.entries(rules)) {
    if (rule.rule === 'delete' && rule.byOwner) {
      await sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${id}`.execute(trx);
    }
  }
}

/**
 * What the purge of a deleted account (30 days after deletion) does to every table that refers
 * to a person or holds a personal column. A test lists those tables from the database itself
 * and fails when one has no rule here; purgeAccount below applies them.
 */
export const ACCOUNT_PURGE_RULES: Record<string, PurgeRule> = {
  users: anonymise(
    'name "Deleted user", placeholder e-mail, unusable password, profile fields and photo cleared; the row stays so kept records have an author',
  ),
  account_deletions: anonymise('e-mail and restore token cleared, purged_at set'),
  sessions: deleteByOwner('every session (IP addresses, browsers)'),
  session_reauthentications: deleteRows('with the sessions'),
  activity_events: deleteByOwner('the person’s own activity log (IP addresses, browsers)'),
  api_tokens: deleteByOwner('revoked at deletion, deleted at purge'),
  data_exports: deleteByOwner('rows and their ZIP files'),
  email_changes: deleteByOwner('dropped at deletion'),
  idempotent_requests: deleteByOwner('stored responses of the person’s requests'),
  login_challenges: deleteByOwner('ended at deletion'),
  passkey_challenges: deleteByOwner('pending challenges'),
  passkeys: deleteByOwner('removed at deletion'),
  password_reset_tokens: deleteByOwner('ended at deletion'),
  two_factor_secrets: deleteByOwner('secret and state'),
  two_factor_recovery_codes: deleteByOwner('hashed codes'),
  notification_preferences: deleteByOwner('the preferences'),
  mail_outbox: deleteByOwner('every e-mail to the person, and e-mails to others that name them'),
  payment_methods: deleteRows(
    'saved cards and mandates (brand, last 4) not used by a subscription',
  ),
  organization_members: deleteByOwner('memberships ended at deletion (member.removed)'),
  organization_invitations: anonymise(
    'invitations to the address deleted; invited_by/accepted_by cleared on the organization’s others',
  ),
  organization_domains: anonymise('created_by cleared; the verified domain is the organization’s'),
  sso_connections: anonymise('created_by cleared; the connection is the organization’s'),
  sso_identities: deleteByOwner('the links between the person and identity providers'),
  sso_sign_in_failures: anonymise(
    'the e-mail address cleared on failed single sign-on attempts; the reason stays for the admins',
  ),
  webhook_endpoints: anonymise('created_by cleared; the endpoint is the organization’s'),
  support_tickets: keep(
    'the organization’s support history; the author is shown as "Deleted user"',
  ),
  support_ticket_messages: keep(
    'part of the organization’s tickets; the author is shown as "Deleted user"',
  ),
  organizations: keep(
    'an organization the person alone owned without other members or a live subscription stays with "Deleted user" as owner until it is closed',
  ),
  instances: keep('the organization’s instances (owner shown as "Deleted user")'),
  subscriptions: keep(
    'billing record of the organization, kept 7 years (Terms); its billing contact is the organization’s',
  ),
  invoices: keep(
    'accounting records, kept 7 years (Terms); anonymised when the organization is purged',
  ),
  webhook_events: keep(
    'the organization’s own event log (payloads may name members); removed by retention after 30 days',
  ),
  webhook_deliveries: keep('delivery attempts of those events; removed by retention after 30 days'),
  retention_runs: keep(
    'the retention job’s own log: counts of rows removed per rule and error messages, no person’s data',
  ),
};

/** The columns that name the person on rows the organizations keep: cleared by the purge. */
const CLEARED_AUTHOR_COLUMNS = [
  ['organization_invitations', 'invited_by'],
  ['organization_invitations', 'accepted_by'],
  ['webhook_endpoints', 'created_by'],
  ['organization_domains', 'created_by'],
  ['sso_connections', 'created_by'],
] as const;

/** Applies ACCOUNT_PURGE_RULES to one account, in one transaction. */
export async function purgeAccount(
  deps: Pick<AppDeps, 'clock' | 'storage'>,
  trx: Kysely<Database>,
  userId: number,
): Promise<void> {
  const now = deps.clock.now();
  const user = await trx
    .selectFrom('users')
    .select(['uuid', 'name', 'avatar_path'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const deletion = await trx
    .selectFrom('account_deletions')
    .select('email')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const exports = await trx
    .selectFrom('data_exports')
    .select('storage_key')
    .where('user_id', '=', userId)
    .where('storage_key', 'is not', null)
    .execute();
  for (const e of exports) await deps.storage.delete(e.storage_key!);
  if (user.avatar_path && /^[\w.-]+$/.test(user.avatar_path))
    await deps.storage.delete(`avatars/${user.avatar_path}`);

  await deleteOwnedRows(trx, ACCOUNT_PURGE_RULES, 'user_id', userId);
  await trx
    .deleteFrom('payment_methods')
    .where('user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('subscriptions')
            .select('subscriptions.id')
            .whereRef('subscriptions.payment_method_id', '=', 'payment_methods.id'),
        ),
      ),
    )
    .execute();
  const mentions = [deletion?.email, user.name.length >= 5 ? user.name : null].filter(
    (v): v is string => Boolean(v),
  );
  if (deletion?.email)
    await trx.deleteFrom('mail_outbox').where('to_address', '=', deletion.email).execute();
  for (const text of mentions) {
    const like = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await trx
      .deleteFrom('mail_outbox')
      .where((eb) =>
        eb.or([eb('subject', 'ilike', like), eb('text', 'ilike', like), eb('html', 'ilike', like)]),
      )
      .execute();
  }
  if (deletion?.email) {
    await trx.deleteFrom('organization_invitations').where('email', '=', deletion.email).execute();
  }
  for (const [table, column] of CLEARED_AUTHOR_COLUMNS) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = null where ${sql.ref(column)} = ${userId}`.execute(
      trx,
    );
  }
  if (deletion?.email) {
    await trx
      .updateTable('sso_sign_in_failures')
      .set({ email: null })
      .where('email', '=', deletion.email)
      .execute();
  }
  await trx
    .updateTable('users')
    .set({
      name: PRIVACY_TEXTS.deletedUser,
      email: placeholderEmail(user.uuid),
      password_hash: '!purged',
      email_verified_at: null,
      two_factor_enabled: false,
      phone: null,
      bio: null,
      location: null,
      website: null,
      avatar_path: null,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await trx
    .updateTable('account_deletions')
    .set({ email: null, restore_token_hash: null, purged_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The purge: accounts deleted 30 days ago or more, a few at a time, each in a transaction. Run
 * by the retention job (domain/privacy/retention.ts, rule "deleted-accounts").
 */
export async function purgeDeletedAccounts(deps: AppDeps): Promise<number> {
  const due = await deps.db
    .selectFrom('account_deletions')
    .select('user_id')
    .where('purged_at', 'is', null)
    .where('purge_after', '<=', deps.clock.now())
    .limit(50)
    .execute();
  for (const row of due) {
    await deps.db.transaction().execute(async (trx) => {
      // Claimed under a row lock, so two processes never purge the same account twice.
      const locked = await trx
        .selectFrom('account_deletions')
        .select('user_id')
        .where('user_id', '=', row.user_id)
        .where('purged_at', 'is', null)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (locked) await purgeAccount(deps, trx, row.user_id);
    });
  }
  return due.length;
}
