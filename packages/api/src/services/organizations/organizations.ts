import { sql, type Kysely } from 'kysely';
import type { Database, OrganizationType } from '@scmp/db';
import type { Context } from '../../request-context';
import {
  ORGANIZATION_TEXTS,
  SUBDOMAIN_TEXTS,
  instanceHostOf,
  subdomainProblem,
} from '../../contracts/subdomain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { hasLiveSubscription } from '../billing/seams';
import { deleteBrandingRows } from './branding-cleanup';
import type { OrganizationRole } from '../../contracts/roles';
import { findMemberOrganization } from './membership';
import type { OrganizationOutput } from './output';
import { isUniqueViolation, isUuid, toIso, type OrganizationRow } from './shared';
import { invalidateTenant } from './tenant-cache';
import { emitWebhookEvent, hasListeners, retireWebhooks } from '../webhooks/emit';

export type { OrganizationOutput } from './output';

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;
type Owner = { id: number };

function toOutput(
  row: OrganizationRow,
  liveInstances: number,
  role: OrganizationRole,
): OrganizationOutput {
  return {
    id: row.uuid,
    uuid: row.uuid,
    name: row.name,
    type: row.type,
    description: row.description,
    subdomain: row.subdomain,
    status: row.status,
    // Locations are the organization's hosted instances that are not terminated.
    location_count: liveInstances,
    instance_count: liveInstances,
    role,
    created_at: toIso(row.created_at) ?? '',
  };
}

/**
 * The member's organizations with their role and live-instance count in one round trip: the
 * count rides along as a correlated subquery (an index lookup on instances(organization_id) per
 * organization); memberships are found by organization_members (user_id, organization_id).
 */
function withLiveInstances(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('organization_members')
    .innerJoin('organizations', 'organizations.id', 'organization_members.organization_id')
    .where('organization_members.user_id', '=', userId)
    .selectAll('organizations')
    .select('organization_members.role')
    .select((eb) =>
      eb
        .selectFrom('instances')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('instances.organization_id', '=', 'organizations.id')
        .where('instances.status', '!=', 'terminated')
        .as('live_instances'),
    );
}

/** A row of withLiveInstances() as the API shows it. */
function withCountOutput({
  live_instances,
  role,
  ...row
}: OrganizationRow & {
  live_instances: number | null;
  role: OrganizationRole;
}): OrganizationOutput {
  return toOutput(row, Number(live_instances ?? 0), role);
}

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

export type PublicOrganization = { name: string; subdomain: string; uuid: string; status: string };

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

/** A member's organization by uuid, or 404 (also for non-members and malformed ids). */
export async function getOrganization(deps: Pick<AppDeps, 'db'>, userId: number, uuid: string) {
  if (!isUuid(uuid)) throw new AppError('NOT_FOUND', ORGANIZATION_TEXTS.notFound);
  const found = await withLiveInstances(deps.db, userId)
    .where('organizations.uuid', '=', uuid)
    .executeTakeFirst();
  if (!found) throw new AppError('NOT_FOUND', ORGANIZATION_TEXTS.notFound);
  return withCountOutput(found);
}

/**
 * Records an organization.* webhook event inside the change's transaction; its data is the
 * organization as the REST API shows it, without the caller-specific `role`.
 */
async function emitOrganizationEvent(
  trx: Kysely<Database>,
  deps: Pick<AppDeps, 'clock'>,
  organizationId: number,
  type: 'organization.updated' | 'organization.deleted',
): Promise<void> {
  if (!(await hasListeners(trx, organizationId, type))) return;
  const row = await trx
    .selectFrom('organizations')
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom('instances')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('instances.organization_id', '=', 'organizations.id')
        .where('instances.status', '!=', 'terminated')
        .as('live_instances'),
    )
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const { role: _role, ...data } = toOutput(row, Number(row.live_instances ?? 0), 'owner');
  await emitWebhookEvent(trx, {
    organizationId,
    type,
    objectUuid: row.uuid,
    data,
    at: deps.clock.now(),
  });
}

import { generateSubdomain, isSubdomainFree } from './subdomains';

export { checkSubdomain, generateSubdomain, isSubdomainFree } from './subdomains';
export type { CheckSubdomainResult } from './subdomains';

export type OrganizationInput = {
  name: string;
  type: OrganizationType;
  description?: string | null;
  /** Lower-cased and validated; undefined = generate (create) / keep (update). */
  subdomain?: string;
};

const takenError = () =>
  new AppError('CONFLICT', SUBDOMAIN_TEXTS.taken, {
    errors: { subdomain: [SUBDOMAIN_TEXTS.taken] },
  });

export async function createOrganization(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: OrganizationInput,
): Promise<OrganizationOutput> {
  const explicit = input.subdomain;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const subdomain = explicit ?? (await generateSubdomain(deps.db, input.name));
    if (explicit && !(await isSubdomainFree(deps.db, explicit))) throw takenError();
    try {
      const row = await deps.db
        .insertInto('organizations')
        .values({
          owner_id: owner.id,
          name: input.name,
          type: input.type,
          description: input.description || null,
          subdomain,
          created_at: deps.clock.now(),
          updated_at: deps.clock.now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordActivity(deps, req, {
        userId: owner.id,
        type: 'organization',
        action: 'organization.created',
        description: `Created organization "${row.name}"`,
      });
      return toOutput(row, 0, 'owner');
    } catch (error) {
      // The unique index decides races: an explicit slug loses with 409; a generated one retries.
      if (!isUniqueViolation(error)) throw error;
      if (explicit) throw takenError();
    }
  }
  throw takenError();
}

/**
 * Updates name, type, description and (when given) the subdomain.
 *
 * Subdomain change policy: the organization's live instances (every status but terminated) are
 * re-hosted to `{prefix}-{new subdomain}.INSTANCE_DOMAIN` in the same transaction, so an instance
 * host always names its organization's current subdomain and the old hosts stop answering at
 * once. If a new host would collide, nothing changes and the call answers 409.
 */
export async function updateOrganization(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  uuid: string,
  input: Partial<OrganizationInput>,
): Promise<OrganizationOutput> {
  const current = await findMemberOrganization(deps.db, owner.id, uuid, 'manage');
  const newSubdomain =
    input.subdomain !== undefined && input.subdomain !== current.subdomain
      ? input.subdomain
      : undefined;
  if (newSubdomain && !(await isSubdomainFree(deps.db, newSubdomain, current.id)))
    throw takenError();

  let updated: OrganizationRow;
  try {
    updated = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('organizations')
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.type !== undefined ? { type: input.type } : {}),
          ...(input.description !== undefined ? { description: input.description || null } : {}),
          ...(newSubdomain ? { subdomain: newSubdomain } : {}),
          updated_at: deps.clock.now(),
        })
        .where('id', '=', current.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (newSubdomain) {
        const live = await trx
          .selectFrom('instances')
          .select(['id', 'prefix'])
          .where('organization_id', '=', current.id)
          .where('status', '!=', 'terminated')
          .execute();
        // Release the old hosts first so swapping between sibling hosts cannot collide mid-way.
        if (live.length > 0) {
          await trx
            .updateTable('instances')
            .set({ host: null })
            .where(
              'id',
              'in',
              live.map((i) => i.id),
            )
            .execute();
        }
        for (const instance of live) {
          await trx
            .updateTable('instances')
            .set({
              host: instanceHostOf(instance.prefix, newSubdomain, deps.config.instanceDomain),
              updated_at: deps.clock.now(),
            })
            .where('id', '=', instance.id)
            .execute();
        }
        await recordActivity(
          deps,
          req,
          {
            userId: owner.id,
            type: 'organization',
            action: 'organization.subdomain_changed',
            description: `Changed the subdomain of "${row.name}" from "${current.subdomain ?? ''}" to "${newSubdomain}"`,
            severity: 'medium',
          },
          trx,
        );
      }
      await emitOrganizationEvent(trx, deps, row.id, 'organization.updated');
      await recordActivity(
        deps,
        req,
        {
          userId: owner.id,
          type: 'organization',
          action: 'organization.updated',
          description: `Updated organization "${row.name}"`,
        },
        trx,
      );
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw takenError();
    throw error;
  }
  // The tenant's public name falls back to the organization's name, so any update counts.
  await invalidateTenant(deps, [current.subdomain, newSubdomain]);
  return getOrganization(deps, owner.id, updated.uuid);
}

/** Deletes an organization with its instances, branding rows and their uploaded files. */
export async function deleteOrganization(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  uuid: string,
): Promise<void> {
  const org = await findMemberOrganization(deps.db, owner.id, uuid, 'own');
  if (await hasLiveSubscription(deps, org.id))
    throw new AppError('CONFLICT', ORGANIZATION_TEXTS.liveSubscription);
  const files = await deps.db.transaction().execute(async (trx) => {
    const instanceIds = (
      await trx.selectFrom('instances').select('id').where('organization_id', '=', org.id).execute()
    ).map((i) => i.id);
    await emitOrganizationEvent(trx, deps, org.id, 'organization.deleted');
    await retireWebhooks(trx, org.id, deps.clock.now());
    const removed = await deleteBrandingRows(trx, org.id, instanceIds);
    await trx.deleteFrom('instances').where('organization_id', '=', org.id).execute();
    await trx.deleteFrom('organizations').where('id', '=', org.id).execute();
    await recordActivity(
      deps,
      req,
      {
        userId: owner.id,
        type: 'organization',
        action: 'organization.deleted',
        description: `Deleted organization "${org.name}"`,
        severity: 'medium',
      },
      trx,
    );
    return removed;
  });
  await deleteStoredFiles(deps, files);
  await invalidateTenant(deps, [org.subdomain]);
}

export async function deleteStoredFiles(deps: AppDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.logger.warn({ err: error, key }, 'could not delete a stored file');
    }
  }
}
