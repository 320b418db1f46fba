import { useQuery } from '@tanstack/react-query';
import type { OrganizationRole } from '@scmp/api/contracts/roles';
import { useTRPC } from '../../lib/trpc';

/**
 * The caller's role in each organization they belong to, from the organization list every
 * dashboard page already shares (one cached query, no request per row).
 */
export function useOrganizationRoles(): (organizationUuid: string) => OrganizationRole | undefined {
  const trpc = useTRPC();
  const list = useQuery(trpc.organizations.list.queryOptions({}));
  const roles = new Map<string, OrganizationRole>();
  for (const org of list.data?.data ?? []) {
    roles.set(org.uuid, org.role);
  }
  return (organizationUuid) => roles.get(organizationUuid);
}
