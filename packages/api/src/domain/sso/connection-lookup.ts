import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { recordOrganizationActivity } from '../activity';
import { SSO_TEXTS } from '../../contracts/sso';
import { findMemberOrganization, managedRowFinder, type MemberOrganization } from '../memberships';
import { organizationRowOr404 } from '../../core/organization-rows';
import { toConnectionOutput } from './connection-output';
import type { ConnectionRow } from './oidc-client';
import type { ConnectionOutput } from './sso-schemas';

type Actor = { id: number };

/** Domains, SSO connections and policies are managed by the owner and admins. */
export function organizationForSso(deps: AppDeps, actor: Actor, organizationUuid: string) {
  return findMemberOrganization(deps.db, actor.id, organizationUuid, 'manage');
}

/** The organization the caller manages SSO for and its connection `uuid`. */
export const connectionOf = managedRowFinder('sso_connections', SSO_TEXTS.connectionNotFound);

export function findConnection(
  deps: AppDeps,
  org: MemberOrganization,
  uuid: string,
): Promise<ConnectionRow> {
  return organizationRowOr404(
    deps.db,
    'sso_connections',
    org.id,
    uuid,
    SSO_TEXTS.connectionNotFound,
  );
}

export async function getConnection(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
): Promise<ConnectionOutput> {
  const { row } = await connectionOf(deps, actor, organizationUuid, uuid);
  return toConnectionOutput(deps, row);
}

/** Who removes which setting of which organization (the arguments of a DELETE). */
export type SettingTarget = [
  deps: AppDeps,
  req: ClientInfo,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
];

/**
 * Removes one of an organization's single sign-on settings (an e-mail domain, a connection):
 * found by uuid in the organization (404 otherwise), deleted, recorded in the activity log.
 */
export async function removeSetting<Row extends { id: number }>(
  [deps, req, actor, organizationUuid, uuid]: SettingTarget,
  setting: {
    table: 'organization_domains' | 'sso_connections';
    find: (deps: AppDeps, org: MemberOrganization, uuid: string) => Promise<Row>;
    action: string;
    describe: (row: Row, organizationName: string) => string;
  },
): Promise<Row> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const row = await setting.find(deps, org, uuid);
  await deps.db.deleteFrom(setting.table).where('id', '=', row.id).execute();
  await recordOrganizationActivity(deps, req, deps.db, actor.id, {
    action: setting.action,
    description: setting.describe(row, org.name),
  });
  return row;
}
