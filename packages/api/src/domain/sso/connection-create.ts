import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { MAX_SSO_CONNECTIONS, SSO_TEXTS } from '../../contracts/sso';
import { recordOrganizationActivity } from '../activity';
import { samlFields } from './saml-metadata';
import { toConnectionOutput } from './connection-output';
import type { ConnectionOutput } from './sso-schemas';
import { organizationForSso } from './connection-lookup';
import {
  displayNameOrThrow,
  invalid,
  oidcFields,
  type ConnectionInput,
} from './connection-validation';
import { countRows } from '../../core/matching-rows';

type Req = ClientInfo;
type Actor = { id: number };

export async function createConnection(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  input: ConnectionInput,
): Promise<ConnectionOutput> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const count = await countRows(
    deps.db.selectFrom('sso_connections').where('organization_id', '=', org.id),
  );
  if (count >= MAX_SSO_CONNECTIONS) throw invalid('type', SSO_TEXTS.tooMany);
  const displayName = displayNameOrThrow(input.display_name);
  const type = input.type === 'saml' ? 'saml' : 'oidc';
  const fields = type === 'oidc' ? await oidcFields(deps, input, null) : {};
  const saml = type === 'saml' ? await samlFields(deps, input, null) : null;
  const now = deps.clock.now();
  const row = await deps.db
    .insertInto('sso_connections')
    .values({
      organization_id: org.id,
      type,
      display_name: displayName,
      preset: fields.preset ?? 'generic',
      issuer: fields.issuer ?? null,
      client_id: fields.client_id ?? null,
      client_secret_encrypted: fields.client_secret_encrypted ?? null,
      entra_tenant_id: fields.entra_tenant_id ?? null,
      ...saml,
      default_role: input.default_role ?? 'member',
      group_mappings: JSON.stringify(input.group_mappings ?? []),
      created_by: actor.id,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordOrganizationActivity(deps, req, deps.db, actor.id, {
    action: 'sso.connection_created',
    description: `Added the single sign-on connection "${displayName}" to ${org.name}`,
  });
  return toConnectionOutput(deps, row);
}
