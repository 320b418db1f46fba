import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** Tenant and instance domains from the server (TENANT_DOMAIN, INSTANCE_DOMAIN). */
export function useSiteConfig(): { tenantDomain: string; instanceDomain: string } {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.publicSite.siteConfig.queryOptions(), staleTime: Infinity });
  return {
    tenantDomain: query.data?.data.tenant_domain ?? 'localhost',
    instanceDomain: query.data?.data.instance_domain ?? 'instances.localhost',
  };
}

/** http(s)://{host}[:port] following the page's own scheme and port (the server serves all hosts). */
export function urlForHost(host: string): string {
  const { protocol, port } = window.location;
  return `${protocol}//${host}${port ? `:${port}` : ''}`;
}
