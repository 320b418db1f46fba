import type { Selectable } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { toIso } from '../../core/iso-date';
import { organizationRows, type ListOrder } from '../../core/organization-rows';
import { organizationForSso } from './connection-lookup';
import { toConnectionOutput } from './connection-output';
import { toDomainOutput } from './domain-records';
import type { FailureOutput, OrganizationDomainOutput } from './sso-schemas';

type Actor = { id: number };

/**
 * One of the organization's single sign-on lists (its e-mail domains, connections, failed
 * sign-ins) for those who manage them: the rows of `table` in `order`, as `toOutput` shows each.
 */
function ssoList<
  T extends 'organization_domains' | 'sso_connections' | 'sso_sign_in_failures',
  Output,
>(
  table: T,
  toOutput: (deps: AppDeps, row: Selectable<Database[T]>) => Output,
  order?: ListOrder<T>,
) {
  return async (deps: AppDeps, actor: Actor, organizationUuid: string): Promise<Output[]> => {
    const org = await organizationForSso(deps, actor, organizationUuid);
    const rows = await organizationRows(deps.db, table, org.id, order);
    return rows.map((row) => toOutput(deps, row));
  };
}

/** The organization's e-mail domains, by name. */
export const listDomains = ssoList(
  'organization_domains',
  (_deps, row): OrganizationDomainOutput => toDomainOutput(row),
  { by: 'domain' },
);

/** The organization's SSO connections, oldest first. */
export const listConnections = ssoList('sso_connections', toConnectionOutput);

/** The organization's last 100 failed single sign-ons, newest first. */
export const listFailures = ssoList(
  'sso_sign_in_failures',
  (_deps, r): FailureOutput => ({
    uuid: r.uuid,
    connection_name: r.connection_name,
    email: r.email,
    reason: r.reason,
    created_at: toIso(r.created_at) ?? '',
  }),
  { direction: 'desc', limit: 100 },
);
