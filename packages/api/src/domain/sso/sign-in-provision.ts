import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { ROLE_LABELS } from '../../contracts/roles';
import { recordActivity, recordOrganizationActivity } from '../activity';
import { isUniqueViolation } from '../../core/unique-violation';
import { insertNewUser } from '../sessions';
import { hashPassword } from '../../core/passwords';
import type { ConnectionRow } from './oidc-client';
import type { Req } from './sign-in-start';

const ROLE_RANK = { member: 0, billing: 1, admin: 2 } as const;

/** The connection's role for someone in `groups`: the strongest mapped group's, else the default. */
export function roleFor(
  connection: ConnectionRow,
  groups: string[],
): 'admin' | 'billing' | 'member' {
  let role: 'admin' | 'billing' | 'member' | null = null;
  for (const mapping of connection.group_mappings ?? []) {
    if (!groups.includes(mapping.group)) continue;
    if (!role || ROLE_RANK[mapping.role] > ROLE_RANK[role]) role = mapping.role;
  }
  return role ?? connection.default_role;
}

/**
 * Just-in-time membership: the account of this identity (linked before, or the one with this
 * e-mail, linked now, or a new one with a verified e-mail and no usable password) and its
 * membership of the connection's organization (added with the connection's role: never owner).
 */
export async function provision(
  deps: AppDeps,
  req: Req,
  connection: ConnectionRow,
  person: { email: string; name: string; subject: string; groups: string[] },
): Promise<number> {
  const now = deps.clock.now();
  const unusablePassword = await hashPassword(randomBytes(32).toString('base64url'));
  return deps.db.transaction().execute(async (trx: Kysely<Database>) => {
    const linked = await trx
      .selectFrom('sso_identities')
      .select('user_id')
      .where('connection_id', '=', connection.id)
      .where('subject', '=', person.subject)
      .executeTakeFirst();
    let userId = linked?.user_id;
    if (!userId) {
      const existing = await trx
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['email']), '=', person.email))
        .executeTakeFirst();
      userId = existing?.id;
      if (!userId) {
        const created = await insertNewUser(
          trx,
          {
            name: person.name.slice(0, 255),
            email: person.email,
            password_hash: unusablePassword,
            email_verified_at: now,
          },
          now,
        )
          .returning('id')
          .executeTakeFirstOrThrow();
        userId = created.id;
        await recordActivity(
          deps,
          req,
          {
            userId,
            type: 'security',
            action: 'account.created_by_sso',
            description: `Account created by single sign-on through "${connection.display_name}"`,
          },
          trx,
        );
      } else {
        // Linking proves the address: the identity provider confirmed it.
        await trx
          .updateTable('users')
          .set({ email_verified_at: now })
          .where('id', '=', userId)
          .where('email_verified_at', 'is', null)
          .execute();
      }
      await trx
        .insertInto('sso_identities')
        .values({
          connection_id: connection.id,
          subject: person.subject,
          user_id: userId,
          created_at: now,
        })
        .execute();
      await recordActivity(
        deps,
        req,
        {
          userId,
          type: 'security',
          action: 'sso.linked',
          description: `Linked to the single sign-on connection "${connection.display_name}"`,
        },
        trx,
      );
    }
    await trx
      .updateTable('sso_identities')
      .set({ last_sign_in_at: now })
      .where('connection_id', '=', connection.id)
      .where('subject', '=', person.subject)
      .execute();
    const member = await trx
      .selectFrom('organization_members')
      .select('role')
      .where('organization_id', '=', connection.organization_id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!member) {
      const role = roleFor(connection, person.groups);
      try {
        await trx
          .insertInto('organization_members')
          .values({
            organization_id: connection.organization_id,
            user_id: userId,
            role,
            joined_at: now,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
      await deps.domainEvents.emit(trx, 'member.added', {
        organizationId: connection.organization_id,
        userId,
      });
      const org = await trx
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', connection.organization_id)
        .executeTakeFirstOrThrow();
      await recordOrganizationActivity(deps, req, trx, userId, {
        action: 'member.joined',
        description: `Joined "${org.name}" as ${ROLE_LABELS[role]} through single sign-on`,
      });
    }
    return userId;
  });
}
