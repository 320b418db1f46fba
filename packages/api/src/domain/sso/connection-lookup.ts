import type { AppDeps } from '../../core/app-deps';
import { SSO_TEXTS } from '../../contracts/sso';
import { AppError } from '../../core/errors';
import { findMemberOrganization, type MemberOrganization } from '../memberships';
import { isUuid } from '../../core/uuid';
import { toConnectionOutput } from './connection-output';
import type { ConnectionRow } from './oidc-client';
import type { ConnectionOutput } from './sso-schemas';

type Actor = { id: number };

export function organizationForSso(deps: AppDeps, actor: Actor, organizationUuid: string) {
  return findMemberOrganization(deps.db, actor.id, organizationUuid, 'manage');
}

export async function findConnection(
  deps: AppDeps,
  org: MemberOrganization,
  uuid: string,
): Promise<ConnectionRow> {
  const row = isUuid(uuid)
    ? await deps.db
        .selectFrom('sso_connections')
        .selectAll()
        .where('organization_id', '=', org.id)
        .where('uuid', '=', uuid)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', SSO_TEXTS.connectionNotFound);
  return row;
}

export async function listConnections(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
): Promise<ConnectionOutput[]> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  const rows = await deps.db
    .selectFrom('sso_connections')
    .selectAll()
    .where('organization_id', '=', org.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => toConnectionOutput(deps, row));
}

export async function getConnection(
  deps: AppDeps,
  actor: Actor,
  organizationUuid: string,
  uuid: string,
): Promise<ConnectionOutput> {
  const org = await organizationForSso(deps, actor, organizationUuid);
  return toConnectionOutput(deps, await findConnection(deps, org, uuid));
}
