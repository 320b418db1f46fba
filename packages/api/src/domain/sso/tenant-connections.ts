import type { AppDeps } from '../../core/app-deps';
import { SSO_TEXTS } from '../../contracts/sso';
import { AppError } from '../../core/errors';
import { isUuid } from '../../core/uuid';
import type { ConnectionRow } from './oidc-client';
import type { TenantConnectionOutput } from './sso-schemas';
import { limitSsoStarts, startAttempt, type Req, type StartResult } from './sign-in-start';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The link that starts single sign-on through one connection (a 302 to its identity provider). */
export function connectionStartUrl(appUrl: string, connectionUuid: string): string {
  return `${appUrl.replace(/\/$/, '')}/api/v1/sso/start?connection=${encodeURIComponent(connectionUuid)}`;
}

/**
 * The connections a tenant's own login page offers ("Sign in with <name>"): those of the active
 * organization with this subdomain. Only names and start links; 404 for an unknown tenant.
 */
export async function tenantConnections(
  deps: AppDeps,
  rawSlug: string,
): Promise<TenantConnectionOutput[]> {
  const slug = rawSlug.trim().toLowerCase();
  const org = SLUG.test(slug)
    ? await deps.db
        .selectFrom('organizations')
        .select('id')
        .where('subdomain', '=', slug)
        .where('status', '=', 'active')
        .executeTakeFirst()
    : undefined;
  if (!org) throw new AppError('NOT_FOUND', 'Tenant not found');
  const rows = await deps.db
    .selectFrom('sso_connections')
    .select(['uuid', 'display_name'])
    .where('organization_id', '=', org.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    uuid: row.uuid,
    display_name: row.display_name,
    start_url: connectionStartUrl(deps.config.appUrl, row.uuid),
  }));
}

/** GET /api/v1/sso/start?connection=: a sign-in through the connection a tenant page offered. */
export async function startSsoForConnection(
  deps: AppDeps,
  req: Req,
  connectionUuid: string,
): Promise<StartResult> {
  await limitSsoStarts(deps, req);
  const row: ConnectionRow | undefined = isUuid(connectionUuid)
    ? await deps.db
        .selectFrom('sso_connections')
        .selectAll()
        .where('uuid', '=', connectionUuid)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', SSO_TEXTS.notConfigured);
  return startAttempt(deps, req, row, 'sign_in');
}
