import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { ClientInfo } from '../../core/client-info';
import { invitationsWithdrawnText } from '../../contracts/roles';
import type { AppDeps } from '../../core/app-deps';
import { countRows } from '../../core/matching-rows';
import { recordOrganizationActivity } from '../activity';
import type { MemberOrganization } from '../memberships';
import { unansweredInvitation } from './invitation-rows';

type Req = ClientInfo;
type Actor = { id: number; name: string };

/** The open (pending, unexpired) invitations `userId` sent for the organization. */
function openInvitationsSentBy(
  db: Kysely<Database>,
  organizationId: number,
  userId: number,
  now: Date,
) {
  return db
    .updateTable('organization_invitations')
    .set({ revoked_at: now })
    .where('organization_id', '=', organizationId)
    .where('invited_by', '=', userId)
    .where(unansweredInvitation(now));
}

/** How many open invitations `userId` sent for the organization: they go when the sender does. */
export function countInvitationsSentBy(
  db: Kysely<Database>,
  organizationId: number,
  userId: number,
  now: Date,
): Promise<number> {
  return countRows(
    db
      .selectFrom('organization_invitations')
      .where('organization_id', '=', organizationId)
      .where('invited_by', '=', userId)
      .where(unansweredInvitation(now)),
  );
}

/**
 * Invitations outlive nobody: when a member is removed, leaves, or is demoted to a role that may
 * not invite, the open invitations they sent are withdrawn (revoked, so they can no longer be
 * accepted), inside the caller's transaction, and the actor's activity log says so.
 */
export async function withdrawInvitationsSentBy(
  trx: Kysely<Database>,
  deps: AppDeps,
  req: Req,
  actor: Actor,
  org: MemberOrganization,
  member: { id: number; name: string },
): Promise<number> {
  const rows = await openInvitationsSentBy(trx, org.id, member.id, deps.clock.now())
    .returning('id')
    .execute();
  if (rows.length > 0) {
    await recordOrganizationActivity(deps, req, trx, actor.id, {
      action: 'invitations.withdrawn',
      description: `Withdrew ${rows.length === 1 ? '1 invitation' : `${rows.length} invitations`} sent by ${member.name} to "${org.name}"`,
      severity: 'medium',
    });
  }
  return rows.length;
}

export function withWithdrawn(message: string, withdrawn: number, inviterName: string): string {
  return withdrawn > 0 ? `${message} ${invitationsWithdrawnText(withdrawn, inviterName)}` : message;
}
