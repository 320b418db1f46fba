import type { AppDeps } from '../../core/app-deps';
import { appHostname, hostnameOf, resolveHost } from '../hosts';

/**
 * Whether this deployment serves `rawHost` right now, for an on-demand-TLS proxy deciding
 * whether to obtain a certificate (Caddy's `on_demand_tls { ask }`): the app's own host, the host
 * or served custom domain of a live (active or suspended) instance, or an active organization's
 * subdomain. Everything else is refused, so certificates are issued only for real tenants. The
 * same host resolution as the requests themselves decides, so the two never disagree.
 */
export async function isServedHost(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  rawHost: string,
): Promise<boolean> {
  const host = hostnameOf(rawHost);
  if (!host || host.length > 253) return false;
  if (host === appHostname(deps.config.appUrl)) return true;
  const resolved = await resolveHost(deps, host);
  if (resolved.kind === 'instance')
    return resolved.instance.status === 'active' || resolved.instance.status === 'suspended';
  if (resolved.kind === 'tenant') return resolved.organization?.status === 'active';
  return false; // unknown names, IP addresses, and 'main' for anything that is not the app host
}
