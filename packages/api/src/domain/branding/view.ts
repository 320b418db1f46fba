import type { Selectable } from 'kysely';
import type { BrandingsTable } from '@scmp/db';
import { BRANDING_COLOR_FIELDS, type BrandingEditableField } from '../../contracts/branding';
import { resolveFrontPage } from '../../contracts/front-page-schemas';
import type { PublicBranding } from '../../contracts/branding-defaults';
import type { AppDeps } from '../../core/app-deps';
import {
  brandingFileUrl,
  resolveInstanceBranding,
  resolveOrganizationBranding,
  frontPageOf,
  portalName,
} from '../public-branding';
import type { BrandingView } from './branding-schema';
import { brandingTargetByUuid, type BrandingTarget } from './target';

export type BrandingRow = Selectable<BrandingsTable>;

/**
 * The branding of an organization or instance by uuid as GET /branding/{id} shows it, for the
 * data of a branding.updated webhook event (the event belongs to that organization already).
 */
export async function brandingViewForEvent(
  deps: AppDeps,
  uuid: string,
): Promise<BrandingView | null> {
  const found = await brandingTargetByUuid(deps, uuid, null);
  return found ? viewOf(deps, found.target) : null;
}

export async function rowOf(
  deps: AppDeps,
  target: BrandingTarget,
): Promise<BrandingRow | undefined> {
  const query = deps.db.selectFrom('brandings').selectAll();
  return target.instanceId !== null
    ? query.where('instance_id', '=', target.instanceId).executeTakeFirst()
    : query.where('organization_id', '=', target.organizationId).executeTakeFirst();
}

/** Inserts the target's (empty) row when missing and returns it. */
export async function ensureRow(deps: AppDeps, target: BrandingTarget): Promise<BrandingRow> {
  const existing = await rowOf(deps, target);
  if (existing) return existing;
  const inserted = await deps.db
    .insertInto('brandings')
    .values(
      target.instanceId !== null
        ? { instance_id: target.instanceId, organization_id: null }
        : { organization_id: target.organizationId, instance_id: null },
    )
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted ?? (await rowOf(deps, target))!;
}

export async function resolvedBrandingOf(
  deps: AppDeps,
  target: BrandingTarget,
): Promise<PublicBranding> {
  return target.instanceId !== null
    ? resolveInstanceBranding(deps.db, target.instanceId)
    : resolveOrganizationBranding(deps.db, target.organizationId);
}

/** The editable fields GET /branding/{id} shows as stored (null when not set), in its order. */
const STORED_FIELDS: readonly BrandingEditableField[] = [
  'company_name',
  'tagline',
  ...BRANDING_COLOR_FIELDS,
  'footer_text',
  'email_template_header',
  'email_template_footer',
  'custom_css',
];

function storedFields(row: BrandingRow | undefined) {
  const entries = STORED_FIELDS.map((field) => [field, row?.[field] ?? null]);
  return Object.fromEntries(entries) as Record<BrandingEditableField, string | null>;
}

export async function viewOf(deps: AppDeps, target: BrandingTarget): Promise<BrandingView> {
  const [row, resolved, organization] = await Promise.all([
    rowOf(deps, target),
    resolvedBrandingOf(deps, target),
    deps.db
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', target.organizationId)
      .executeTakeFirst(),
  ]);
  const frontPage = target.kind === 'instance' ? frontPageOf(row) : null;
  return {
    id: target.uuid,
    uuid: target.uuid,
    type: target.kind,
    name: target.name,
    organization_uuid: target.organizationUuid,
    ...storedFields(row),
    logo_url: brandingFileUrl(row?.logo_path) || null,
    favicon_url: brandingFileUrl(row?.favicon_path) || null,
    updated_at: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
    resolved,
    front_page: frontPage,
    resolved_front_page: frontPage
      ? resolveFrontPage(frontPage, portalName(resolved, organization?.name ?? target.name))
      : null,
  };
}
