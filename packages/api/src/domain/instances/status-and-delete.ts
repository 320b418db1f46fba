import { INSTANCE_TEXTS } from '../../contracts/instances';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { recordOrganizationActivity } from '../activity';
import { deleteBrandingRows } from '../public-branding';
import { deleteStoredFiles } from '../../core/stored-files';
import { toInstanceOutput, type InstanceOutput } from './instance-output';
import { findMemberInstance, type Actor, type Req } from './instances';

/** Suspend (only from active) or resume (only from suspended); anything else is 409. */
export async function changeInstanceStatus(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  uuid: string,
  action: 'suspend' | 'resume',
): Promise<InstanceOutput> {
  const instance = await findMemberInstance(deps.db, actor.id, uuid, 'manage');
  const [from, to, text] =
    action === 'suspend'
      ? (['active', 'suspended', INSTANCE_TEXTS.suspendOnlyActive] as const)
      : (['suspended', 'active', INSTANCE_TEXTS.resumeOnlySuspended] as const);
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('instances')
      .set({ status: to, updated_at: deps.clock.now() })
      .where('id', '=', instance.id)
      .where('status', '=', from)
      .returningAll()
      .executeTakeFirst();
    if (row) {
      await deps.domainEvents.emit(
        trx,
        action === 'suspend' ? 'instance.suspended' : 'instance.resumed',
        { organizationId: row.organization_id, instanceId: row.id },
      );
    }
    return row;
  });
  if (!updated) throw new AppError('CONFLICT', text);
  await recordOrganizationActivity(deps, req, deps.db, actor.id, {
    action: action === 'suspend' ? 'instance.suspended' : 'instance.resumed',
    description: `${action === 'suspend' ? 'Suspended' : 'Resumed'} instance "${instance.name}"`,
    severity: action === 'suspend' ? 'medium' : 'info',
  });
  return toInstanceOutput(deps, {
    ...updated,
    organization_uuid: instance.organization_uuid,
    organization_name: instance.organization_name,
  });
}

/** Terminates the instance: its host is released, its branding and files removed. */
export async function deleteInstance(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  uuid: string,
): Promise<{ name: string }> {
  const instance = await findMemberInstance(deps.db, actor.id, uuid, 'manage');
  const files = await deps.db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('instances')
      .set({
        status: 'terminated',
        host: null,
        // The custom domain is released with the host.
        custom_domain: null,
        custom_domain_status: null,
        custom_domain_next_check_at: null,
        ssl_next_check_at: null,
        terminated_at: deps.clock.now(),
        updated_at: deps.clock.now(),
      })
      .where('id', '=', instance.id)
      .where('status', '!=', 'terminated')
      .returning('id')
      .executeTakeFirst();
    if (!done) throw new AppError('NOT_FOUND', INSTANCE_TEXTS.notFound);
    await deps.domainEvents.emit(trx, 'instance.deleted', {
      organizationId: instance.organization_id,
      instanceId: instance.id,
    });
    const removed = await deleteBrandingRows(trx, null, [instance.id]);
    await recordOrganizationActivity(deps, req, trx, actor.id, {
      action: 'instance.deleted',
      description: `Deleted instance "${instance.name}"`,
      severity: 'medium',
    });
    return removed;
  });
  await deleteStoredFiles(deps, files);
  return { name: instance.name };
}
