import type { Selectable } from 'kysely';
import type { OrganizationDomainsTable } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { DOMAIN_VERIFY_LABEL } from '../../contracts/sso';
import { toIso } from '../../core/iso-date';
import type { OrganizationDomainOutput } from './sso-schemas';

export type DomainRow = Selectable<OrganizationDomainsTable>;

export const VERIFIED_DOMAIN_UNIQUE = 'organization_domains_verified_unique';

export function toDomainOutput(row: DomainRow): OrganizationDomainOutput {
  return {
    uuid: row.uuid,
    domain: row.domain,
    status: row.status,
    dns_record: { type: 'TXT', name: `${DOMAIN_VERIFY_LABEL}.${row.domain}`, value: row.token },
    reason: row.reason,
    checked_at: toIso(row.checked_at),
    verified_at: toIso(row.verified_at),
    created_at: toIso(row.created_at) ?? '',
  };
}

/** The organization other than `exceptOrganizationId` that holds `domain` verified, if any. */
export async function verifiedElsewhere(
  deps: AppDeps,
  domain: string,
  exceptOrganizationId: number,
) {
  return deps.db
    .selectFrom('organization_domains')
    .select('organization_id')
    .where('domain', '=', domain)
    .where('status', '=', 'verified')
    .where('organization_id', '!=', exceptOrganizationId)
    .executeTakeFirst();
}

/** The organization that holds `domain` verified (sign-in through SSO and the policies use it). */
export async function organizationForVerifiedDomain(
  deps: Pick<AppDeps, 'db'>,
  domain: string,
): Promise<{ organization_id: number } | undefined> {
  return deps.db
    .selectFrom('organization_domains')
    .select('organization_id')
    .where('domain', '=', domain.toLowerCase())
    .where('status', '=', 'verified')
    .executeTakeFirst();
}
