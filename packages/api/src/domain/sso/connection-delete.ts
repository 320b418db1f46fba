import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { recordActivity } from '../activity';
import { forgetOidcConfiguration } from './oidc-client';
import { findConnection, organizationForSso } from './connection-lookup';

type Req = ClientInfo;
type Actor = { id: number };

export async function deleteConnection(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
): Promise<void> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const row = await findConnection(deps, org, uuid);
  await deps.db.deleteFrom('sso_connections').where('id', '=', row.id).execute();
  forgetOidcConfiguration(row.id);
  await recordActivity(deps, req, {
    userId: actor.id,
    type: 'organization',
    action: 'sso.connection_deleted',
    description: `Removed the single sign-on connection "${row.display_name}" from ${org.name}`,
  });
}
