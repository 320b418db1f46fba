import type { OrganizationsTable } from '@scmp/db';
import { sql, type Insertable } from 'kysely';
import { expect } from 'vitest';
import type { TestHarness } from './harness';

type Db = TestHarness['db'];
type Role = 'owner' | 'admin' | 'billing' | 'member';

/** The numeric id of the organization with this uuid (the tests' own rows, straight from SQL). */
export async function organizationId(db: Db, uuid: string): Promise<number> {
  const row = await db
    .selectFrom('organizations')
    .select('id')
    .where('uuid', '=', uuid)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An organization written straight to the table, for tests that need one without the API's
 * checks: a school with no description, active unless `status` says otherwise.
 */
export async function insertOrganizationRow(
  db: Db,
  row: Pick<Insertable<OrganizationsTable>, 'owner_id' | 'name' | 'subdomain' | 'status'>,
): Promise<{ id: number; uuid: string }> {
  return db
    .insertInto('organizations')
    .values({ type: 'school', description: null, ...row, status: row.status ?? 'active' })
    .returning(['id', 'uuid'])
    .executeTakeFirstOrThrow();
}

/** Creates an organization through REST as `token` (201 expected); returns its uuid and id. */
export async function createOrganization(
  h: TestHarness,
  token: string,
  body: { name: string; type: string; subdomain?: string },
): Promise<{ uuid: string; id: number }> {
  const res = await h.rest('POST', '/organizations', { token, body });
  expect(res.status, res.text).toBe(201);
  const uuid = res.body.data.uuid as string;
  return { uuid, id: await organizationId(h.db, uuid) };
}

/** Adds `domain` to the organization as verified, as its DNS check would (tests have no DNS). */
export async function addVerifiedDomain(h: TestHarness, organizationId: number, domain: string) {
  await h.db
    .insertInto('organization_domains')
    .values({
      organization_id: organizationId,
      domain,
      status: 'verified',
      token: 'scmp-verify=test',
      verified_at: new Date(),
    })
    .execute();
}

/** Adds `userId` to the organization with `role`, straight into the table. */
export async function addMemberRow(db: Db, organizationId: number, userId: number, role: Role) {
  await db
    .insertInto('organization_members')
    .values({ organization_id: organizationId, user_id: userId, role })
    .execute();
}

/** The role `email` holds in the organization, or undefined when not a member. */
export async function roleIn(db: Db, organizationId: number, email: string) {
  return (
    await db
      .selectFrom('organization_members')
      .innerJoin('users', 'users.id', 'organization_members.user_id')
      .select('organization_members.role')
      .where('users.email', '=', email)
      .where('organization_members.organization_id', '=', organizationId)
      .executeTakeFirst()
  )?.role;
}

/** The token of the latest invitation e-mailed to `email`: the only place it exists in clear. */
export async function invitationTokenFromMail(h: TestHarness, email: string): Promise<string> {
  const mail = await h.db
    .selectFrom('mail_outbox')
    .select('text')
    .where('to_address', '=', email)
    .where('kind', '=', 'invitation')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return match![1]!;
}

/** How many organizations are named `name` (work done twice shows as two). */
export async function countOrganizationsNamed(db: Db, name: string): Promise<number> {
  const row = await db
    .selectFrom('organizations')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.n;
}
