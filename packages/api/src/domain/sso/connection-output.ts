import type { AppDeps } from '../../core/app-deps';
import { samlServiceProviderUrls } from '../../contracts/sso-saml';
import { toIso } from '../../core/iso-date';
import type { ConnectionRow } from './oidc-client';
import type { ConnectionOutput } from './sso-schemas';

export function oidcRedirectUri(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}/api/v1/sso/oidc/callback`;
}

export function toConnectionOutput(
  deps: Pick<AppDeps, 'config'>,
  row: ConnectionRow,
): ConnectionOutput {
  return {
    uuid: row.uuid,
    type: row.type,
    display_name: row.display_name,
    preset: row.preset,
    issuer: row.issuer,
    client_id: row.client_id,
    client_secret_set: !!row.client_secret_encrypted,
    entra_tenant_id: row.entra_tenant_id,
    default_role: row.default_role,
    group_mappings: row.group_mappings ?? [],
    redirect_uri: row.type === 'oidc' ? oidcRedirectUri(deps.config.appUrl) : null,
    ...samlOutput(deps, row),
    tested_at: toIso(row.tested_at),
    last_test: row.last_test ?? null,
    created_at: toIso(row.created_at) ?? '',
    updated_at: toIso(row.updated_at) ?? '',
  };
}

/** SAML: what the admin pastes into the IdP, and what SCMP read from its metadata (no certificates). */
function samlOutput(deps: Pick<AppDeps, 'config'>, row: ConnectionRow) {
  const sp = row.type === 'saml' ? samlServiceProviderUrls(deps.config.appUrl, row.uuid) : null;
  return {
    entity_id: sp?.entity_id ?? null,
    acs_url: sp?.acs_url ?? null,
    metadata_url: sp?.metadata_url ?? null,
    idp_entity_id: row.saml_idp_entity_id ?? null,
    idp_sso_url: row.saml_idp_sso_url ?? null,
    idp_metadata_url: row.saml_idp_metadata_url ?? null,
  };
}
