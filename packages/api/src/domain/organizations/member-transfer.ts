import type { ClientInfo } from '../../core/client-info';
import { MEMBER_TEXTS } from '../../contracts/roles';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { recordOrganizationActivity } from '../activity';
import { assertNotClosing, findMemberOrganization } from '../memberships';
import { memberByUuid } from './members';

type Req = ClientInfo;
type Actor = { id: number; name: string };

/** The owner hands the organization to another member, and becomes an admin. */
export async function transferOwnership(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  userUuid: string,
): Promise<void> {
  const org = await findMemberOrganization(deps.db, actor.id, organizationUuid, 'own');
  assertNotClosing(org);
  const target = await memberByUuid(deps, org.id, userUuid);
  if (!target) {
    throw new AppError('VALIDATION_ERROR', MEMBER_TEXTS.transferToMember, {
      errors: { user_uuid: [MEMBER_TEXTS.transferToMember] },
    });
  }
  if (target.id === actor.id) return;
  await deps.db.transaction().execute(async (trx) => {
    // The owner_id trigger turns the old owner into an admin and the target into the owner.
    await trx
      .updateTable('organizations')
      .set({ owner_id: target.id, updated_at: deps.clock.now() })
      .where('id', '=', org.id)
      .execute();
    // The denormalised owner of the organization's instances and subscription follows.
    await trx
      .updateTable('instances')
      .set({ owner_id: target.id })
      .where('organization_id', '=', org.id)
      .execute();
    await trx
      .updateTable('subscriptions')
      .set({ owner_id: target.id })
      .where('organization_id', '=', org.id)
      .execute();
    await recordOrganizationActivity(deps, req, trx, actor.id, {
      action: 'organization.ownership_transferred',
      description: `Transferred ownership of "${org.name}" to ${target.name}`,
      severity: 'high',
    });
  });
}
