import { isIP } from 'node:net';
import type { AppDeps } from '../../app-deps';
import { DOMAIN_GRACE_HOURS } from '../../contracts/custom-domain';
import { appHostname, hostnameOf, isDomainServed } from '../instances/host-resolution';

/**
 * Whether this deployment serves `rawHost` right now, for an on-demand-TLS proxy deciding
 * whether to obtain a certificate (Caddy's `on_demand_tls { ask }`): the app's own host, the host
 * of a live (active or suspended) instance, an active organization's subdomain, or a verified
 * custom domain. Everything else is refused, so certificates are issued only for real tenants.
 */
export async function isServedHost(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  rawHost: string,
): Promise<boolean> {
  const host = hostnameOf(rawHost);
  if (!host || host.length > 253 || isIP(host) > 0 || host.startsWith('[')) return false;
  if (host === appHostname(deps.config.appUrl)) return true;
  const instanceDomain = deps.config.instanceDomain.toLowerCase();
  const tenantDomain = deps.config.tenantDomain.toLowerCase();

  if (host.endsWith(`.${instanceDomain}`)) {
    const row = await deps.db
      .selectFrom('instances')
      .select('id')
      .where('host', '=', host)
      .where('status', 'in', ['active', 'suspended'])
      .executeTakeFirst();
    return row !== undefined;
  }
  if (host.endsWith(`.${tenantDomain}`)) {
    const label = host.slice(0, -(tenantDomain.length + 1));
    if (!label || label.includes('.')) return false;
    const row = await deps.db
      .selectFrom('organizations')
      .select('id')
      .where('subdomain', '=', label)
      .where('status', '=', 'active')
      .executeTakeFirst();
    return row !== undefined;
  }
  const row = await deps.db
    .selectFrom('instances')
    .select(['custom_domain_status', 'custom_domain_lapsed_at'])
    .where('custom_domain', '=', host)
    .where('status', 'in', ['active', 'suspended'])
    .executeTakeFirst();
  if (!row) return false;
  const graceStart = new Date(deps.clock.now().getTime() - DOMAIN_GRACE_HOURS * 3600 * 1000);
  return isDomainServed(row.custom_domain_status, row.custom_domain_lapsed_at, graceStart);
}
