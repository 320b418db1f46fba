import type { AppDeps } from '../../app-deps';

export type ResolvedHost =
  | { kind: 'main' }
  | {
      kind: 'instance';
      instance: { uuid: string; name: string; status: string };
      organization: { uuid: string; name: string; subdomain: string | null; status: string };
    }
  | { kind: 'unknown-instance' }
  | {
      kind: 'tenant';
      slug: string;
      organization: { uuid: string; name: string; status: string } | null;
    };

/** Lower-case host name without port or trailing dot. */
export function hostnameOf(host: string | null | undefined): string {
  if (!host) return '';
  const value = host.trim().toLowerCase();
  const withoutPort = value.startsWith('[')
    ? value.replace(/\]:\d+$/, ']')
    : value.replace(/:\d+$/, '');
  return withoutPort.replace(/\.$/, '');
}

function appHostname(appUrl: string): string {
  try {
    return new URL(appUrl).hostname.toLowerCase();
  } catch {
    return '';
  }
}

/**
 * What a request's Host names: the product itself, an instance host under INSTANCE_DOMAIN
 * (terminated instances have no host, so they are unknown), or `{slug}.TENANT_DOMAIN`.
 */
export async function resolveHost(
  deps: Pick<AppDeps, 'db' | 'config'>,
  rawHost: string | null | undefined,
): Promise<ResolvedHost> {
  const host = hostnameOf(rawHost);
  const instanceDomain = deps.config.instanceDomain.toLowerCase();
  const tenantDomain = deps.config.tenantDomain.toLowerCase();
  if (!host || host === appHostname(deps.config.appUrl)) return { kind: 'main' };

  if (host.endsWith(`.${instanceDomain}`)) {
    const row = await deps.db
      .selectFrom('instances')
      .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
      .select([
        'instances.uuid as uuid',
        'instances.name as name',
        'instances.status as status',
        'organizations.uuid as organization_uuid',
        'organizations.name as organization_name',
        'organizations.subdomain as organization_subdomain',
        'organizations.status as organization_status',
      ])
      .where('instances.host', '=', host)
      .where('instances.status', '!=', 'terminated')
      .executeTakeFirst();
    if (!row) return { kind: 'unknown-instance' };
    return {
      kind: 'instance',
      instance: { uuid: row.uuid, name: row.name, status: row.status },
      organization: {
        uuid: row.organization_uuid,
        name: row.organization_name,
        subdomain: row.organization_subdomain,
        status: row.organization_status,
      },
    };
  }

  if (host.endsWith(`.${tenantDomain}`)) {
    const label = host.slice(0, -(tenantDomain.length + 1));
    // Only one label below the tenant domain; www is the product's own.
    if (!label || label.includes('.') || label === 'www') return { kind: 'main' };
    const org = await deps.db
      .selectFrom('organizations')
      .select(['uuid', 'name', 'status'])
      .where('subdomain', '=', label)
      .executeTakeFirst();
    return { kind: 'tenant', slug: label, organization: org ?? null };
  }
  return { kind: 'main' };
}
