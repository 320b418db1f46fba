import type { AppDeps } from '../../core/app-deps';
import { toIso } from '../../core/iso-date';
import { organizationForSso } from './connection-lookup';
import type { FailureOutput } from './sso-schemas';

type Actor = { id: number };

export async function listFailures(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
): Promise<FailureOutput[]> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const rows = await deps.db
    .selectFrom('sso_sign_in_failures')
    .selectAll()
    .where('organization_id', '=', org.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    uuid: r.uuid,
    connection_name: r.connection_name,
    email: r.email,
    reason: r.reason,
    created_at: toIso(r.created_at) ?? '',
  }));
}
