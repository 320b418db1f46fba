import type { OrganizationType } from '@scmp/db';
import type { ClientInfo } from '../../core/client-info';
import { SUBDOMAIN_TEXTS, instanceHostOf } from '../../contracts/subdomain';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { recordOrganizationActivity } from '../activity';
import { assertNotClosing, findMemberOrganization, type OrganizationRow } from '../memberships';
import type { OrganizationOutput } from '../../contracts/organizations-schemas';
import { getOrganization } from './organization-queries';
import { toOutput } from './organization-rows';
import { isUniqueViolation } from '../../core/unique-violation';
import { invalidateTenant } from './tenant-cache';

export type { OrganizationOutput } from '../../contracts/organizations-schemas';

type Req = ClientInfo;
type Owner = { id: number };

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
      await recordOrganizationActivity(deps, req, deps.db, owner.id, {
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
  assertNotClosing(current);
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
        await recordOrganizationActivity(deps, req, trx, owner.id, {
          action: 'organization.subdomain_changed',
          description: `Changed the subdomain of "${row.name}" from "${current.subdomain ?? ''}" to "${newSubdomain}"`,
          severity: 'medium',
        });
      }
      await deps.domainEvents.emit(trx, 'organization.updated', { organizationId: row.id });
      await recordOrganizationActivity(deps, req, trx, owner.id, {
        action: 'organization.updated',
        description: `Updated organization "${row.name}"`,
      });
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
