import type { Kysely } from 'kysely';
import { z } from 'zod';
import { compileOnce, type Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { DEFAULT_BRANDING, type PublicBranding } from '../../contracts/branding-defaults';
import { publicBrandingSchema } from '../../contracts/branding-schemas';
import {
  getCachedTenantBranding,
  setCachedTenantBranding,
  tenantBrandingGeneration,
} from './cache';
import {
  PUBLIC_BRANDING_COLUMNS,
  mergeBranding,
  publicFieldsOf,
  resolveOrganizationBranding,
} from './resolve';
import { activeIdByUuid } from './active-by-uuid';

export const TENANT_NOT_FOUND_TEXT = 'Tenant not found';
export const ORGANIZATION_BRANDING_NOT_FOUND_TEXT = 'Organization not found';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export { publicBrandingSchema };

export const tenantBrandingSchema = z.strictObject({
  tenant: z.strictObject({
    slug: z.string(),
    name: z.string(),
    uuid: z.string(),
    status: z.string(),
  }),
  branding: publicBrandingSchema,
});

export type TenantBranding = z.infer<typeof tenantBrandingSchema>;

/** The tenant's display name: its branded company name, else the organization's name. */
function tenantName(branding: PublicBranding, organizationName: string): string {
  return branding.company_name !== DEFAULT_BRANDING.company_name
    ? branding.company_name
    : organizationName;
}

/**
 * The active organization owning a subdomain and its branding row's public columns, in one round
 * trip. Compiled once: on a cache miss this query is most of the request's work.
 */
const activeTenantRow = compileOnce((db: Kysely<Database>, slug: string) =>
  db
    .selectFrom('organizations')
    .leftJoin('brandings', 'brandings.organization_id', 'organizations.id')
    .select(PUBLIC_BRANDING_COLUMNS.map((column) => `brandings.${column}` as const))
    .select([
      'organizations.uuid as org_uuid',
      'organizations.name as org_name',
      'organizations.status as org_status',
    ])
    .where('organizations.subdomain', '=', slug)
    .where('organizations.status', '=', 'active'),
);

/**
 * Public branding of the ACTIVE organization that owns `slug` as its subdomain; 404 otherwise.
 * Answers are cached per slug for a few seconds (invalidated on branding/organization changes).
 */
export async function getTenantBranding(deps: AppDeps, rawSlug: string): Promise<TenantBranding> {
  const slug = rawSlug.trim().toLowerCase();
  if (!SLUG.test(slug)) throw new AppError('NOT_FOUND', TENANT_NOT_FOUND_TEXT);
  const now = deps.clock.now().getTime();
  const cached = getCachedTenantBranding(slug, now);
  if (cached) return cached.body as TenantBranding;
  const loadedAt = tenantBrandingGeneration();
  const [row] = await activeTenantRow(deps.db, slug);
  if (!row) throw new AppError('NOT_FOUND', TENANT_NOT_FOUND_TEXT);
  const { org_uuid, org_name, org_status, ...brandingRow } = row;
  const branding = mergeBranding(brandingRow.id === null ? {} : publicFieldsOf(brandingRow));
  const body: TenantBranding = {
    tenant: { slug, name: tenantName(branding, org_name), uuid: org_uuid, status: org_status },
    branding,
  };
  setCachedTenantBranding(slug, body, now, loadedAt);
  return body;
}

/** Public branding fields of an active organization by uuid; 404 for anything else. */
export async function getPublicOrganizationBranding(
  deps: AppDeps,
  uuid: string,
): Promise<PublicBranding> {
  const id = await activeIdByUuid(
    deps,
    'organizations',
    uuid,
    ORGANIZATION_BRANDING_NOT_FOUND_TEXT,
  );
  return resolveOrganizationBranding(deps.db, id);
}
