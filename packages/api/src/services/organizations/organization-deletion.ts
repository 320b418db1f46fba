import type { ClientInfo } from '../client-info';
import { ORGANIZATION_TEXTS } from '../../contracts/subdomain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { hasLiveSubscription } from '../billing/seams';
import { deleteBrandingRows } from './branding-cleanup';
import { findMemberOrganization } from './membership';
import { emitOrganizationEvent } from './organization-events';
import { invalidateTenant } from './tenant-cache';
import { retireWebhooks } from '../webhooks/emit';

type Req = ClientInfo;
type Owner = { id: number };

/** Deletes an organization with its instances, branding rows and their uploaded files. */
export async function deleteOrganization(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  uuid: string,
): Promise<void> {
  const org = await findMemberOrganization(deps.db, owner.id, uuid, 'own');
  if (await hasLiveSubscription(deps, org.id))
    throw new AppError('CONFLICT', ORGANIZATION_TEXTS.liveSubscription);
  const files = await deps.db.transaction().execute(async (trx) => {
    const instanceIds = (
      await trx.selectFrom('instances').select('id').where('organization_id', '=', org.id).execute()
    ).map((i) => i.id);
    await emitOrganizationEvent(trx, deps, org.id, 'organization.deleted');
    await retireWebhooks(trx, org.id, deps.clock.now());
    const removed = await deleteBrandingRows(trx, org.id, instanceIds);
    await trx.deleteFrom('instances').where('organization_id', '=', org.id).execute();
    await trx.deleteFrom('organizations').where('id', '=', org.id).execute();
    await recordActivity(
      deps,
      req,
      {
        userId: owner.id,
        type: 'organization',
        action: 'organization.deleted',
        description: `Deleted organization "${org.name}"`,
        severity: 'medium',
      },
      trx,
    );
    return removed;
  });
  await deleteStoredFiles(deps, files);
  await invalidateTenant(deps, [org.subdomain]);
}

export async function deleteStoredFiles(deps: AppDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.logger.warn({ err: error, key }, 'could not delete a stored file');
    }
  }
}
