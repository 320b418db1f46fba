import type { SsoGroupMapping } from '@scmp/db';
import type { AppDeps } from '../../app-deps';
import type { ClientInfo } from '../client-info';
import { MAX_SSO_CONNECTIONS, SSO_TEXTS, type SsoPresetValue } from '../../contracts/sso';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { findMemberOrganization, type MemberOrganization } from '../organizations/membership';
import { isUuid, toIso } from '../organizations/shared';
import { encryptSecret } from '../two-factor/crypto';
import { samlServiceProviderUrls } from '../../contracts/sso-saml';
import { samlFields } from './saml-metadata';
import {
  SSO_SECRET_PURPOSE,
  discoverOidc,
  forgetOidcConfiguration,
  type ConnectionRow,
} from './oidc-client';

type Req = ClientInfo;
type Actor = { id: number };
export type { ConnectionRow };

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

export function oidcRedirectUri(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}/api/v1/sso/oidc/callback`;
}

export function toConnectionOutput(deps: Pick<AppDeps, 'config'>, row: ConnectionRow) {
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
export type ConnectionOutput = ReturnType<typeof toConnectionOutput>;

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

function invalid(field: string, message: string): AppError {
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

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function organizationForSso(deps: AppDeps, actor: Actor, organizationUuid: string) {
  return findMemberOrganization(deps.db, actor.id, organizationUuid, 'manage');
}

export async function findConnection(
  deps: AppDeps,
  org: MemberOrganization,
  uuid: string,
): Promise<ConnectionRow> {
  const row = isUuid(uuid)
    ? await deps.db
        .selectFrom('sso_connections')
        .selectAll()
        .where('organization_id', '=', org.id)
        .where('uuid', '=', uuid)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', SSO_TEXTS.connectionNotFound);
  return row;
}

export async function listConnections(deps: AppDeps, actor: Actor, organizationUuid: string) {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const rows = await deps.db
    .selectFrom('sso_connections')
    .selectAll()
    .where('organization_id', '=', org.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => toConnectionOutput(deps, row));
}

export async function getConnection(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
) {
  const org = await organizationForSso(deps, actor, organizationUuid);
  return toConnectionOutput(deps, await findConnection(deps, org, uuid));
}

/** The OIDC fields after a create or an edit, checked, and proven by reading the discovery document. */
async function oidcFields(
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
  if (preset === 'entra' && (!tenant || !GUID.test(tenant)))
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

function displayNameOrThrow(value: string | undefined): string {
  const name = (value ?? '').trim();
  if (!name) throw invalid('display_name', SSO_TEXTS.displayNameRequired);
  return name.slice(0, 100);
}

export async function createConnection(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  input: ConnectionInput,
): Promise<ConnectionOutput> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const count = await deps.db
    .selectFrom('sso_connections')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('organization_id', '=', org.id)
    .executeTakeFirstOrThrow();
  if (Number(count.n) >= MAX_SSO_CONNECTIONS) throw invalid('type', SSO_TEXTS.tooMany);
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
  await recordActivity(deps, req, {
    userId: actor.id,
    type: 'organization',
    action: 'sso.connection_created',
    description: `Added the single sign-on connection "${displayName}" to ${org.name}`,
  });
  return toConnectionOutput(deps, row);
}

export async function updateConnection(
  deps: AppDeps,
  req: Req,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
  input: ConnectionInput,
): Promise<ConnectionOutput> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const current = await findConnection(deps, org, uuid);
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
  await recordActivity(deps, req, {
    userId: actor.id,
    type: 'organization',
    action: 'sso.connection_updated',
    description: `Changed the single sign-on connection "${row.display_name}" of ${org.name}`,
  });
  return toConnectionOutput(deps, row);
}

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

export async function listFailures(deps: AppDeps, actor: Actor, organizationUuid: string) {
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
