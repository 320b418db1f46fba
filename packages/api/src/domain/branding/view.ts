import type { Selectable } from 'kysely';
import type { BrandingsTable } from '@scmp/db';
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
    company_name: row?.company_name ?? null,
    tagline: row?.tagline ?? null,
    primary_color: row?.primary_color ?? null,
    secondary_color: row?.secondary_color ?? null,
    accent_color: row?.accent_color ?? null,
    nav_text_color: row?.nav_text_color ?? null,
    nav_text_hover_color: row?.nav_text_hover_color ?? null,
    nav_background_color: row?.nav_background_color ?? null,
    footer_text: row?.footer_text ?? null,
    email_template_header: row?.email_template_header ?? null,
    email_template_footer: row?.email_template_footer ?? null,
    custom_css: row?.custom_css ?? null,
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
