import type { Selectable } from 'kysely';
import type { BrandingsTable } from '@scmp/db';
import type { BrandingFieldsValues } from '../../contracts/branding';
import {
  FRONT_PAGE_TEXTS,
  resolveFrontPage,
  type FrontPage,
  type FrontPageValues,
  type ResolvedFrontPage,
} from '../../contracts/front-page';
import { BRANDING_TEXTS } from '../../contracts/branding';
import type { PublicBranding } from '../../contracts/branding-defaults';
import type { AppDeps } from '../../app-deps';
import type { OrganizationPermission } from '../../contracts/roles';
import { AppError } from '../../errors';
import { emitWebhookEvent } from '../webhooks/emit';
import { requirePermission } from '../organizations/membership';
import { ALL_KEYS } from '../events/events';
import {
  brandingFileUrl,
  resolveInstanceBranding,
  resolveOrganizationBranding,
} from '../public-branding/resolve';
import { frontPageOf, portalName } from '../public-branding/portal';
import {
  BRANDING_FILE_NAME,
  checkBrandingUpload,
  newBrandingFileName,
  type BrandingFileKind,
} from './files';
import { sanitizeCustomCss, sanitizeEmailHtml } from './sanitize';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose branding an id names: one of the user's organizations, else one of their instances. */
export type BrandingTarget = {
  kind: 'organization' | 'instance';
  uuid: string;
  name: string;
  organizationId: number;
  organizationUuid: string;
  instanceId: number | null;
};

type BrandingRow = Selectable<BrandingsTable>;

export function brandingNotFound(): AppError {
  return new AppError('NOT_FOUND', BRANDING_TEXTS.notFound);
}

/**
 * {id} is an organization uuid, else an instance uuid, of an organization the user belongs to;
 * else 404. Reading needs membership ('view'); changing needs 'manage' (403 for other roles).
 */
export async function findBrandingTarget(
  deps: AppDeps,
  userId: number,
  id: string,
  permission: OrganizationPermission = 'view',
): Promise<BrandingTarget> {
  if (!UUID.test(id)) throw brandingNotFound();
  const uuid = id.toLowerCase();
  const org = await deps.db
    .selectFrom('organizations')
    .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
    .select(['organizations.id', 'organizations.uuid', 'organizations.name', 'role'])
    .where('organizations.uuid', '=', uuid)
    .where('organization_members.user_id', '=', userId)
    .executeTakeFirst();
  if (org) {
    requirePermission(org.role, permission);
    return {
      kind: 'organization',
      uuid: org.uuid,
      name: org.name,
      organizationId: org.id,
      organizationUuid: org.uuid,
      instanceId: null,
    };
  }
  const instance = await deps.db
    .selectFrom('instances')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .innerJoin('organization_members', 'organization_members.organization_id', 'organizations.id')
    .select([
      'instances.id as id',
      'instances.uuid as uuid',
      'instances.name as name',
      'organizations.id as organization_id',
      'organizations.uuid as organization_uuid',
      'organization_members.role as role',
    ])
    .where('instances.uuid', '=', uuid)
    .where('organization_members.user_id', '=', userId)
    .executeTakeFirst();
  if (instance) {
    requirePermission(instance.role, permission);
    return {
      kind: 'instance',
      uuid: instance.uuid,
      name: instance.name,
      organizationId: instance.organization_id,
      organizationUuid: instance.organization_uuid,
      instanceId: instance.id,
    };
  }
  throw brandingNotFound();
}

/**
 * The branding of an organization or instance by uuid as GET /branding/{id} shows it, for the
 * data of a branding.updated webhook event (the event belongs to that organization already).
 */
export async function brandingViewForEvent(
  deps: AppDeps,
  uuid: string,
): Promise<BrandingView | null> {
  const org = await deps.db
    .selectFrom('organizations')
    .select(['id', 'uuid', 'name'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  if (org) {
    return viewOf(deps, {
      kind: 'organization',
      uuid: org.uuid,
      name: org.name,
      organizationId: org.id,
      organizationUuid: org.uuid,
      instanceId: null,
    });
  }
  const instance = await deps.db
    .selectFrom('instances')
    .innerJoin('organizations', 'organizations.id', 'instances.organization_id')
    .select([
      'instances.id as id',
      'instances.uuid as uuid',
      'instances.name as name',
      'organizations.id as organization_id',
      'organizations.uuid as organization_uuid',
    ])
    .where('instances.uuid', '=', uuid)
    .executeTakeFirst();
  if (!instance) return null;
  return viewOf(deps, {
    kind: 'instance',
    uuid: instance.uuid,
    name: instance.name,
    organizationId: instance.organization_id,
    organizationUuid: instance.organization_uuid,
    instanceId: instance.id,
  });
}

async function rowOf(deps: AppDeps, target: BrandingTarget): Promise<BrandingRow | undefined> {
  const query = deps.db.selectFrom('brandings').selectAll();
  return target.instanceId !== null
    ? query.where('instance_id', '=', target.instanceId).executeTakeFirst()
    : query.where('organization_id', '=', target.organizationId).executeTakeFirst();
}

/** Inserts the target's (empty) row when missing and returns it. */
async function ensureRow(deps: AppDeps, target: BrandingTarget): Promise<BrandingRow> {
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

export type BrandingView = {
  id: string;
  uuid: string;
  type: 'organization' | 'instance';
  name: string;
  organization_uuid: string;
  company_name: string | null;
  tagline: string | null;
  primary_color: string | null;
  secondary_color: string | null;
  accent_color: string | null;
  nav_text_color: string | null;
  nav_text_hover_color: string | null;
  nav_background_color: string | null;
  footer_text: string | null;
  email_template_header: string | null;
  email_template_footer: string | null;
  custom_css: string | null;
  logo_url: string | null;
  favicon_url: string | null;
  updated_at: string | null;
  resolved: PublicBranding;
  /** The instance portal's front page as stored (null for an organization's branding). */
  front_page: FrontPage | null;
  /** The front page as the portal shows it, defaults filled in (null for an organization). */
  resolved_front_page: ResolvedFrontPage | null;
};

async function viewOf(deps: AppDeps, target: BrandingTarget): Promise<BrandingView> {
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

/**
 * Every cached public branding may include this entity's (an org's instances fall back to it):
 * every process forgets them all.
 */
async function invalidateCache(deps: AppDeps): Promise<void> {
  await deps.events.publish('branding', ALL_KEYS);
}

export async function getBranding(
  deps: AppDeps,
  userId: number,
  id: string,
): Promise<BrandingView> {
  return viewOf(deps, await findBrandingTarget(deps, userId, id));
}

/**
 * Writes a branding change with its branding.updated webhook event in one transaction (the event's
 * data, the branding as GET /branding/{id} shows it, is read when it is first sent).
 */
async function saveBranding(
  deps: AppDeps,
  target: BrandingTarget,
  rowId: number,
  changes: Partial<Record<string, string | null>>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('brandings')
      .set({ ...changes, updated_at: deps.clock.now() })
      .where('id', '=', rowId)
      .execute();
    await emitWebhookEvent(trx, {
      organizationId: target.organizationId,
      type: 'branding.updated',
      objectUuid: target.uuid,
      data: null,
      at: deps.clock.now(),
    });
  });
}

/** The front page's columns to write (omitted fields keep their value). */
function frontPageChanges(input: FrontPageValues): Partial<Record<string, string | null>> {
  const changes: Partial<Record<string, string | null>> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    changes[`front_page_${key}`] =
      key === 'links' ? JSON.stringify(value) : (value as string | null);
  }
  return changes;
}

/**
 * Saves the text and colour fields, and an instance's front page (omitted fields keep their
 * value; a front page for an organization's branding is refused).
 */
export async function updateBranding(
  deps: AppDeps,
  userId: number,
  id: string,
  input: BrandingFieldsValues & { front_page?: FrontPageValues | null },
): Promise<BrandingView> {
  const target = await findBrandingTarget(deps, userId, id, 'manage');
  const { front_page: frontPage, ...fields } = input;
  if (frontPage && target.kind !== 'instance') {
    throw new AppError('VALIDATION_ERROR', FRONT_PAGE_TEXTS.organizationOnly, {
      errors: { front_page: [FRONT_PAGE_TEXTS.organizationOnly] },
    });
  }
  const changes: Partial<Record<string, string | null>> = frontPage
    ? frontPageChanges(frontPage)
    : {};
  for (const [key, value] of Object.entries(fields) as Array<
    [keyof BrandingFieldsValues, string | null | undefined]
  >) {
    if (value !== undefined) changes[key] = value;
  }
  if (changes.custom_css !== undefined) changes.custom_css = sanitizeCustomCss(changes.custom_css);
  if (changes.email_template_header !== undefined) {
    changes.email_template_header = sanitizeEmailHtml(changes.email_template_header);
  }
  if (changes.email_template_footer !== undefined) {
    changes.email_template_footer = sanitizeEmailHtml(changes.email_template_footer);
  }
  const row = await ensureRow(deps, target);
  await saveBranding(deps, target, row.id, changes);
  await invalidateCache(deps);
  return viewOf(deps, target);
}

const pathColumn = (kind: BrandingFileKind) => (kind === 'logo' ? 'logo_path' : 'favicon_path');

async function removeStoredFile(deps: AppDeps, key: string | null | undefined): Promise<void> {
  if (!key || !BRANDING_FILE_NAME.test(key)) return;
  try {
    await deps.storage.delete(key);
  } catch (error) {
    deps.logger.warn({ err: error, key }, 'Could not delete a replaced branding file');
  }
}

/** Stores an uploaded logo or favicon (type from the bytes) and removes the one it replaces. */
export async function uploadBrandingFile(
  deps: AppDeps,
  userId: number,
  id: string,
  kind: BrandingFileKind,
  bytes: Buffer,
): Promise<BrandingView> {
  const target = await findBrandingTarget(deps, userId, id, 'manage');
  const checked = await checkBrandingUpload(kind, bytes);
  const name = newBrandingFileName(checked.ext);
  await deps.storage.put(name, checked.bytes);
  const row = await ensureRow(deps, target);
  const column = pathColumn(kind);
  const previous = row[column];
  try {
    await saveBranding(deps, target, row.id, { [column]: name });
  } catch (error) {
    await removeStoredFile(deps, name);
    throw error;
  }
  if (previous && previous !== name) await removeStoredFile(deps, previous);
  await invalidateCache(deps);
  return viewOf(deps, target);
}

/** Deletes the logo or favicon of a branding (and its stored file). */
export async function deleteBrandingFile(
  deps: AppDeps,
  userId: number,
  id: string,
  kind: BrandingFileKind,
): Promise<BrandingView> {
  const target = await findBrandingTarget(deps, userId, id, 'manage');
  const row = await rowOf(deps, target);
  const column = pathColumn(kind);
  const previous = row?.[column] ?? null;
  if (row && previous) {
    await saveBranding(deps, target, row.id, { [column]: null });
    await removeStoredFile(deps, previous);
  }
  await invalidateCache(deps);
  return viewOf(deps, target);
}

/** An uploaded branding file for GET /files/branding/:name, or 404. */
export async function brandingFileForDownload(
  deps: AppDeps,
  name: string,
): Promise<{ bytes: Buffer; ext: string }> {
  const match = BRANDING_FILE_NAME.exec(name);
  if (!match) throw new AppError('NOT_FOUND', 'File not found.');
  const bytes = await deps.storage.get(name);
  if (!bytes) throw new AppError('NOT_FOUND', 'File not found.');
  return { bytes, ext: match[1]! };
}
