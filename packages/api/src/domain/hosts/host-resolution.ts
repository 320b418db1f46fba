import { sql } from 'kysely';
import { isIP } from 'node:net';
import type { AppDeps } from '../../core/app-deps';
import { DOMAIN_GRACE_HOURS } from '../../contracts/custom-domain';

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

export function appHostname(appUrl: string): string {
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
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  rawHost: string | null | undefined,
): Promise<ResolvedHost> {
  const host = hostnameOf(rawHost);
  const instanceDomain = deps.config.instanceDomain.toLowerCase();
  const tenantDomain = deps.config.tenantDomain.toLowerCase();
  if (!host || host === appHostname(deps.config.appUrl)) return { kind: 'main' };

  if (host.endsWith(`.${instanceDomain}`)) {
    const row = await instanceQuery(deps)
      .where('instances.host', '=', host)
      .where('instances.status', '!=', 'terminated')
      .executeTakeFirst();
    return row ? instanceHost(row) : { kind: 'unknown-instance' };
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

  if (isIP(host) > 0 || host.startsWith('[')) return { kind: 'main' };
  // Any other name may be a customer's own domain: served once verified (and for the grace period
  // after its records disappear); a claimed but unverified one is a 404, never the product.
  const claimed = await instanceQuery(deps)
    .select([
      'instances.custom_domain_status as domain_status',
      'instances.custom_domain_lapsed_at as lapsed_at',
    ])
    .where('instances.custom_domain', '=', host)
    .where('instances.status', '!=', 'terminated')
    // Several instances may claim one domain; the one that verified it (at most one) comes first.
    .orderBy(
      sql`CASE WHEN instances.custom_domain_status IN ('verified', 'active') THEN 0 WHEN instances.custom_domain_lapsed_at IS NOT NULL THEN 1 ELSE 2 END`,
    )
    .executeTakeFirst();
  if (!claimed) return { kind: 'main' };
  // A closing (or closed) organization's custom domains stop being served: 404, no certificate.
  if (claimed.organization_status === 'closing' || claimed.organization_status === 'closed')
    return { kind: 'unknown-instance' };
  const graceStart = new Date(deps.clock.now().getTime() - DOMAIN_GRACE_HOURS * 3600 * 1000);
  return isDomainServed(claimed.domain_status, claimed.lapsed_at, graceStart)
    ? instanceHost(claimed)
    : { kind: 'unknown-instance' };
}

/** A verified (or TLS-active) domain; or one whose records lapsed less than the grace ago. */
export function isDomainServed(
  status: string | null,
  lapsedAt: Date | null,
  graceStart: Date,
): boolean {
  if (status === 'verified' || status === 'active') return true;
  return status === 'pending_dns' && lapsedAt !== null && lapsedAt > graceStart;
}

function instanceQuery(deps: Pick<AppDeps, 'db'>) {
  return deps.db
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
    ]);
}

type InstanceHostRow = {
  uuid: string;
  name: string;
  status: string;
  organization_uuid: string;
  organization_name: string;
  organization_subdomain: string | null;
  organization_status: string;
};

function instanceHost(row: InstanceHostRow): ResolvedHost {
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
