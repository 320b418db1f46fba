import { compileOnce, type Database } from '@scmp/db';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../core/app-deps';
import { ORGANIZATION_TEXTS } from '../../contracts/organizations';
import { subdomainProblem } from '../../contracts/subdomain';
import { AppError } from '../../core/errors';
import type { OrganizationOutput, PublicOrganization } from '../../contracts/organizations-schemas';
import { withCountOutput, withLiveInstances } from './organization-rows';
import { isUuid } from '../../core/uuid';

/**
 * Every organization the user belongs to, newest first, from the user's cached list when it holds
 * one (list-cache.ts: forgotten on any change to them, their instances or their memberships, from
 * any process).
 */
export async function listOrganizations(
  deps: Pick<AppDeps, 'db' | 'organizationListCache'>,
  userId: number,
): Promise<OrganizationOutput[]> {
  const key = String(userId);
  const cached = deps.organizationListCache.get(key);
  if (cached) return cached;
  const epoch = deps.organizationListCache.epoch();
  const rows = await withLiveInstances(deps.db, userId)
    .orderBy('organizations.created_at', 'desc')
    .orderBy('organizations.id', 'desc')
    .execute();
  const list = rows.map(withCountOutput);
  deps.organizationListCache.set(key, list, key, epoch);
  return list;
}

/** The public fallback lookup: active organizations with this subdomain, public fields only. */
export async function findPublicOrganizations(
  deps: Pick<AppDeps, 'db'>,
  subdomain: string,
): Promise<PublicOrganization[]> {
  const slug = subdomain.trim().toLowerCase();
  if (subdomainProblem(slug)) return [];
  const rows = await deps.db
    .selectFrom('organizations')
    .select(['name', 'subdomain', 'uuid', 'status'])
    .where('subdomain', '=', slug)
    .where('status', '=', 'active')
    .execute();
  return rows.map((r) => ({
    name: r.name,
    subdomain: r.subdomain ?? slug,
    uuid: r.uuid,
    status: r.status,
  }));
}

/**
 * One member's organization by uuid, compiled once (compileOnce): `GET /organizations/{id}` is
 * the uncached hot read, and building the query on every call was ~7% of its CPU. The user id is
 * bound as text; PostgreSQL reads it as the integer the column is.
 */
const memberOrganization = compileOnce((db: Kysely<Database>, userId: string, uuid: string) =>
  withLiveInstances(db, userId as unknown as number).where('organizations.uuid', '=', uuid),
);

/** A member's organization by uuid, or 404 (also for non-members and malformed ids). */
export async function getOrganization(deps: Pick<AppDeps, 'db'>, userId: number, uuid: string) {
  if (!isUuid(uuid)) throw new AppError('NOT_FOUND', ORGANIZATION_TEXTS.notFound);
  const [found] = await memberOrganization(deps.db, String(userId), uuid);
  if (!found) throw new AppError('NOT_FOUND', ORGANIZATION_TEXTS.notFound);
  return withCountOutput(found);
}
