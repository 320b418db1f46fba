import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { rowExists } from '../../core/matching-rows';
import { SUBDOMAIN_TEXTS, slugify, subdomainProblem } from '../../contracts/subdomain';
import { findMemberOrganization } from '../memberships';

/** Organization subdomains: free or taken, generated from a name, checked for the form. */
/** Whether a slug is free; `exceptOrganizationId` lets an organization keep its own slug. */
export async function isSubdomainFree(
  db: Kysely<Database>,
  subdomain: string,
  exceptOrganizationId?: number,
): Promise<boolean> {
  let query = db.selectFrom('organizations').where('subdomain', '=', subdomain);
  if (exceptOrganizationId !== undefined) query = query.where('id', '!=', exceptOrganizationId);
  return !(await rowExists(query));
}

/** A free slug derived from `base`: base, base-2, base-3, … (always a valid subdomain). */
export async function generateSubdomain(db: Kysely<Database>, base: string): Promise<string> {
  let stem = slugify(base, 55);
  if (stem.length < 3) stem = `${stem || 'org'}-org`.replace(/^-/, '');
  if (subdomainProblem(stem)) stem = `${stem}-org`;
  for (let n = 1; n < 1000; n += 1) {
    const candidate = n === 1 ? stem : `${stem}-${n}`;
    if (await isSubdomainFree(db, candidate)) return candidate;
  }
  return `${stem}-${Date.now().toString(36)}`;
}

export type CheckSubdomainResult = { available: boolean; message: string };

export async function checkSubdomain(
  deps: Pick<AppDeps, 'db'>,
  userId: number,
  subdomain: string,
  organizationUuid?: string,
): Promise<CheckSubdomainResult> {
  const slug = subdomain.trim().toLowerCase();
  const problem = subdomainProblem(slug);
  if (problem) return { available: false, message: problem };
  let exceptId: number | undefined;
  if (organizationUuid) {
    const own = await findMemberOrganization(deps.db, userId, organizationUuid, 'manage');
    exceptId = own.id;
  }
  const free = await isSubdomainFree(deps.db, slug, exceptId);
  return free
    ? { available: true, message: SUBDOMAIN_TEXTS.available }
    : { available: false, message: SUBDOMAIN_TEXTS.taken };
}
