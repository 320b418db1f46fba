import type { AppDeps } from '@scmp/api';
import { DEMO_USERS } from './demo-users';

/** The demo accounts' e-mails: what the production guard looks for and `db:remove-demo` deletes. */
export const DEMO_EMAILS: readonly string[] = DEMO_USERS.map((user) => user.email);

/** Demo accounts present in the database (a database first started in local mode). */
export async function findDemoAccounts(deps: AppDeps): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('users')
    .select('email')
    .where('email', 'in', [...DEMO_EMAILS])
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

export const DEMO_DATA_REFUSAL = (emails: string[]) =>
  [
    'Refusing to start in production: the database holds the demo accounts',
    `  ${emails.join(', ')}`,
    'whose password is printed in the README. Remove them and everything they own with',
    '  APP_ENV=production npm run db:remove-demo',
    '(with the same DATABASE_URL / DATA_DIR), then start again.',
  ].join('\n');

export type DemoRemoval = {
  users: string[];
  organizations: number;
  instances: number;
  tickets: number;
  subscriptions: number;
  invoices: number;
  activityEvents: number;
  files: number;
};

const countOf = async (query: {
  executeTakeFirstOrThrow(): Promise<{ n: string | number | bigint }>;
}) => Number((await query.executeTakeFirstOrThrow()).n);

/**
 * Deletes the demo users and everything they own (organizations, instances, branding, tickets,
 * billing, sessions, activity: the foreign keys cascade from users) in one transaction, then the
 * files they uploaded (avatars, logos, favicons, attachments) from the upload store.
 */
export async function removeDemoData(deps: AppDeps): Promise<DemoRemoval> {
  const users = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'avatar_path'])
    .where('email', 'in', [...DEMO_EMAILS])
    .execute();
  const empty: DemoRemoval = {
    users: [],
    organizations: 0,
    instances: 0,
    tickets: 0,
    subscriptions: 0,
    invoices: 0,
    activityEvents: 0,
    files: 0,
  };
  if (users.length === 0) return empty;
  const ids = users.map((user) => user.id);
  const db = deps.db;
  const orgIds = db.selectFrom('organizations').select('id').where('owner_id', 'in', ids);

  /** The rows of `table` whose `column` is one of `owners`. */
  const countOwned = (
    table:
      | 'organizations'
      | 'instances'
      | 'support_tickets'
      | 'subscriptions'
      | 'invoices'
      | 'activity_events',
    column: 'owner_id' | 'user_id' | 'organization_id',
    owners: number[] | typeof orgIds,
  ) =>
    countOf(
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb(eb.ref(column), 'in', owners)),
    );
  const [organizations, instances, tickets, subscriptions, invoices, activityEvents] =
    await Promise.all([
      countOwned('organizations', 'owner_id', ids),
      countOwned('instances', 'owner_id', ids),
      countOwned('support_tickets', 'user_id', ids),
      countOwned('subscriptions', 'owner_id', ids),
      countOwned('invoices', 'organization_id', orgIds),
      countOwned('activity_events', 'user_id', ids),
    ]);

  const brandingFiles = await db
    .selectFrom('brandings')
    .select(['logo_path', 'favicon_path'])
    .where((eb) =>
      eb.or([
        eb('organization_id', 'in', orgIds),
        eb(
          'instance_id',
          'in',
          db.selectFrom('instances').select('id').where('owner_id', 'in', ids),
        ),
      ]),
    )
    .execute();
  const attachments = await db
    .selectFrom('support_attachments')
    .select('storage_key')
    .where(
      'ticket_id',
      'in',
      db.selectFrom('support_tickets').select('id').where('user_id', 'in', ids),
    )
    .execute();
  const files = [
    ...users.map((user) => user.avatar_path),
    ...brandingFiles.flatMap((row) => [row.logo_path, row.favicon_path]),
    ...attachments.map((row) => row.storage_key),
  ].filter((key): key is string => !!key);

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('users').where('id', 'in', ids).execute();
  });
  let removedFiles = 0;
  for (const key of files) {
    try {
      await deps.storage.delete(key);
      removedFiles += 1;
    } catch (error) {
      deps.logger.warn({ err: error, key }, 'could not delete a demo file');
    }
  }
  return {
    users: users.map((user) => user.email).sort(),
    organizations,
    instances,
    tickets,
    subscriptions,
    invoices,
    activityEvents,
    files: removedFiles,
  };
}
