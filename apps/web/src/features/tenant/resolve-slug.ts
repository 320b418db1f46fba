/** Tenant slug rules (spec part 1 §7). */

function metaContent(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content?.trim();
  return value ? value : null;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The tenant slug of this page, or null on the main site:
 * - the server's tenant hint (meta scmp-tenant, set on tenant and instance hosts);
 * - on localhost / 127.0.0.1 the `tenant` query parameter;
 * - otherwise the first label of the host when it is a subdomain of the tenant domain, not www.
 */
export function resolveTenantSlug(
  location: { hostname: string; search: string },
  tenantDomain: string,
  instanceDomain = '',
): string | null {
  const hinted = metaContent('scmp-tenant');
  if (hinted) return hinted.toLowerCase();
  const host = location.hostname.toLowerCase().replace(/\.$/, '');
  if (LOCAL_HOSTS.has(host)) {
    const param = new URLSearchParams(location.search).get('tenant')?.trim().toLowerCase();
    return param ? param : null;
  }
  const domain = tenantDomain.toLowerCase().replace(/^\./, '');
  if (!domain || !host.endsWith(`.${domain}`)) return null;
  if (instanceDomain && host.endsWith(`.${instanceDomain.toLowerCase()}`)) return null;
  const label = host.slice(0, -(domain.length + 1)).split('.')[0] ?? '';
  if (!label || label === 'www') return null;
  return label;
}

/** The main public site for the Go to Main Site button: protocol//tenant_domain:port/. */
export function mainSiteUrl(
  location: { protocol: string; port: string; hostname: string },
  tenantDomain: string | null,
): string {
  const host = tenantDomain || location.hostname;
  return `${location.protocol}//${host}${location.port ? `:${location.port}` : ''}/`;
}
