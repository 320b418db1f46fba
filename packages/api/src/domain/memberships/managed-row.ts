import type { Selectable } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { organizationRowOr404, type OrganizationTable } from '../../core/organization-rows';
import { findMemberOrganization, type MemberOrganization } from './membership';

/**
 * How an area finds one of the settings rows of an organization the caller manages (a webhook, an
 * SSO connection, an e-mail domain) by its uuid, with the organization: 404 unless the caller is
 * a member, 403 unless they may manage it, 404 (`notFound`) for another organization's row.
 */
export function managedRowFinder<T extends OrganizationTable>(table: T, notFound: string) {
  return async (
    deps: Pick<AppDeps, 'db'>,
    actor: { id: number },
    organizationUuid: string,
    uuid: string,
  ): Promise<{ org: MemberOrganization; row: Selectable<Database[T]> }> => {
    const org = await findMemberOrganization(deps.db, actor.id, organizationUuid, 'manage');
    return { org, row: await organizationRowOr404(deps.db, table, org.id, uuid, notFound) };
  };
}
