import type { SsoGroupMapping } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { SSO_TEXTS, type SsoPresetValue } from '../../contracts/sso';
import { AppError } from '../../core/errors';
import { encryptSecret } from '../../core/crypto';
import { SSO_SECRET_PURPOSE, discoverOidc, type ConnectionRow } from './oidc-client';
import { isUuid } from '../../core/uuid';

export type ConnectionInput = {
  type?: 'oidc' | 'saml';
  display_name?: string;
  preset?: SsoPresetValue;
  issuer?: string;
  client_id?: string;
  client_secret?: string;
  entra_tenant_id?: string | null;
  default_role?: 'admin' | 'billing' | 'member';
  group_mappings?: SsoGroupMapping[];
  idp_metadata_xml?: string;
  idp_metadata_url?: string;
};

export function invalid(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', message, { errors: { [field]: [message] } });
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The issuer URL: https:// (or, outside production, http:// on loopback), no query or fragment. */
export function issuerOrThrow(deps: Pick<AppDeps, 'config'>, raw: string | undefined): string {
  const value = (raw ?? '').trim().replace(/\/$/, '');
  if (!value) throw invalid('issuer', SSO_TEXTS.issuerRequired);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('issuer', SSO_TEXTS.issuerHttps);
  }
  const loopbackHttp =
    url.protocol === 'http:' && LOOPBACK.has(url.hostname) && deps.config.appEnv !== 'production';
  if ((url.protocol !== 'https:' && !loopbackHttp) || url.search || url.hash || url.username)
    throw invalid('issuer', SSO_TEXTS.issuerHttps);
  return value;
}

/** The OIDC fields after a create or an edit, checked, and proven by reading the discovery document. */
export async function oidcFields(
  deps: AppDeps,
  input: ConnectionInput,
  current: ConnectionRow | null,
): Promise<Partial<ConnectionRow>> {
  const preset = input.preset ?? current?.preset ?? 'generic';
  const issuer = issuerOrThrow(deps, input.issuer ?? current?.issuer ?? undefined);
  const clientId = (input.client_id ?? current?.client_id ?? '').trim();
  if (!clientId) throw invalid('client_id', SSO_TEXTS.clientIdRequired);
  const secret = input.client_secret?.trim();
  if (!secret && !current?.client_secret_encrypted)
    throw invalid('client_secret', SSO_TEXTS.clientSecretRequired);
  let tenant =
    input.entra_tenant_id === undefined
      ? (current?.entra_tenant_id ?? null)
      : input.entra_tenant_id;
  tenant = tenant?.trim().toLowerCase() || null;
  if (preset === 'entra' && (!tenant || !isUuid(tenant)))
    throw invalid('entra_tenant_id', SSO_TEXTS.tenantRequired);
  if (preset !== 'entra') tenant = null;
  try {
    await discoverOidc(deps, issuer);
  } catch (error) {
    const why = error instanceof Error ? error.message : 'no answer';
    throw invalid('issuer', SSO_TEXTS.discoveryFailed(issuer, why));
  }
  return {
    preset,
    issuer,
    client_id: clientId,
    entra_tenant_id: tenant,
    ...(secret
      ? {
          client_secret_encrypted: encryptSecret(deps.config.appKey, secret, SSO_SECRET_PURPOSE),
        }
      : {}),
  };
}

export function displayNameOrThrow(value: string | undefined): string {
  const name = (value ?? '').trim();
  if (!name) throw invalid('display_name', SSO_TEXTS.displayNameRequired);
  return name.slice(0, 100);
}
