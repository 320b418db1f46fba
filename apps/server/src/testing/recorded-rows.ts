import type { Database } from '@scmp/db';
import { sql, type Kysely } from 'kysely';

type Db = Kysely<Database>;

/**
 * What the activity log recorded for a person, oldest first, every column: every entry, or those
 * whose action is `action` (with a `%` in it, a `like` pattern).
 */
export async function activityRows(db: Db, userId: number, action?: string) {
  let query = db.selectFrom('activity_events').selectAll().where('user_id', '=', userId);
  if (action !== undefined)
    query = query.where('action', action.includes('%') ? 'like' : '=', action);
  return await query.orderBy('id').execute();
}

/** As activityRows, each entry's action and description only. */
export async function activityOf(db: Db, userId: number, action?: string) {
  const rows = await activityRows(db, userId, action);
  return rows.map(({ action, description }) => ({ action, description }));
}

/** The e-mails queued for `address`, oldest first; `kind` and `subject` narrow them. */
export async function mailsTo(
  db: Db,
  address: string,
  only: { kind?: string; subject?: string } = {},
) {
  let query = db
    .selectFrom('mail_outbox')
    .select(['kind', 'subject', 'text'])
    .where('to_address', '=', address);
  if (only.kind !== undefined) query = query.where('kind', '=', only.kind);
  if (only.subject !== undefined) query = query.where('subject', '=', only.subject);
  return await query.orderBy('id').execute();
}

/** How many sessions there are, everyone's. */
export async function sessionTotal(db: Db): Promise<number> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many support tickets have the subject `subject` (work done twice shows as two). */
export async function ticketsWithSubject(db: Db, subject: string): Promise<number> {
  const row = await db
    .selectFrom('support_tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The `select` column of the rows of `table` whose `column` is `value` (with a `%` in it, a `like`
 * pattern): what a test planted, or what an action left behind, read straight from SQL.
 */
export async function valuesWhere(
  db: Db,
  table: keyof Database,
  select: string,
  column: string,
  value: string | number,
): Promise<unknown[]> {
  const op = sql.raw(typeof value === 'string' && value.includes('%') ? 'like' : '=');
  const { rows } = await sql<{ value: unknown }>`
    select ${sql.ref(select)} as value from ${sql.table(table)} where ${sql.ref(column)} ${op} ${value}
  `.execute(db);
  return rows.map((row) => row.value);
}

/**
 * The subscriptions rows as billing left them (every column, with the organization's uuid as
 * `org_uuid`): the one of the organization `{ organizationUuid }`, or every one `{ ownerId }` holds.
 */
export async function subscriptionRows(
  db: Db,
  of: { organizationUuid: string } | { ownerId: number },
) {
  const rows = db
    .selectFrom('subscriptions')
    .innerJoin('organizations', 'organizations.id', 'subscriptions.organization_id')
    .selectAll('subscriptions')
    .select('organizations.uuid as org_uuid');
  return await (
    'ownerId' in of
      ? rows.where('subscriptions.owner_id', '=', of.ownerId)
      : rows.where('organizations.uuid', '=', of.organizationUuid)
  ).execute();
}
