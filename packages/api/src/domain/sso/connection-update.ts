import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { recordOrganizationActivity } from '../activity';
import { samlFields } from './saml-metadata';
import { forgetOidcConfiguration } from './oidc-client';
import { toConnectionOutput } from './connection-output';
import type { ConnectionOutput } from './sso-schemas';
import { connectionOf } from './connection-lookup';
import { displayNameOrThrow, oidcFields, type ConnectionInput } from './connection-validation';

type Req = ClientInfo;
type Actor = { id: number };

export async function updateConnection(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
  input: ConnectionInput,
): Promise<ConnectionOutput> {
  const { org, row: current } = await connectionOf(deps, actor, organizationUuid, uuid);
  const patch: Record<string, unknown> = {};
  if (input.display_name !== undefined) patch.display_name = displayNameOrThrow(input.display_name);
  if (input.default_role !== undefined) patch.default_role = input.default_role;
  if (input.group_mappings !== undefined)
    patch.group_mappings = JSON.stringify(input.group_mappings);
  const providerChanged =
    input.issuer !== undefined ||
    input.client_id !== undefined ||
    input.client_secret !== undefined ||
    input.preset !== undefined ||
    input.entra_tenant_id !== undefined;
  if (current.type === 'oidc' && providerChanged) {
    Object.assign(patch, await oidcFields(deps, input, current));
    // A different provider has not been tested yet.
    patch.tested_at = null;
  }
  if (current.type === 'saml') {
    const saml = await samlFields(deps, input, current);
    if (saml) {
      Object.assign(patch, saml);
      patch.tested_at = null;
    }
  }
  const row = await deps.db
    .updateTable('sso_connections')
    .set({ ...patch, updated_at: deps.clock.now() })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  forgetOidcConfiguration(current.id);
  await recordOrganizationActivity(deps, req, deps.db, actor.id, {
    action: 'sso.connection_updated',
    description: `Changed the single sign-on connection "${row.display_name}" of ${org.name}`,
  });
  return toConnectionOutput(deps, row);
}
