import type { Kysely, Selectable } from 'kysely';
import type { BrandingsTable, Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { DEFAULT_BRANDING, type PublicBranding } from '../../contracts/branding-defaults';
import {
  resolveFrontPage,
  type FrontPage,
  type ResolvedFrontPage,
} from '../../contracts/front-page-schemas';
import type { EventBus } from '../../core/events/events';
import { hostnameOf, resolveHost, type ResolvedHost } from '../hosts';
import { TENANT_BRANDING_TTL_SECONDS } from './cache';
import { freshEntry } from './fresh-entry';
import { resolveInstanceBranding } from './resolve';

/** The columns of a branding row that make up a front page. */
export const FRONT_PAGE_COLUMNS = [
  'front_page_headline',
  'front_page_welcome_text',
  'front_page_links',
  'front_page_contact_email',
  'front_page_contact_phone',
  'front_page_contact_address',
  'front_page_page_title',
] as const satisfies ReadonlyArray<keyof BrandingsTable>;

type FrontPageRow = Pick<Selectable<BrandingsTable>, (typeof FRONT_PAGE_COLUMNS)[number]>;

/** The stored front page of a branding row (links as stored: jsonb, or text from some drivers). */
export function frontPageOf(row: FrontPageRow | undefined): FrontPage {
  const raw = row?.front_page_links as unknown;
  const parsed: unknown = typeof raw === 'string' ? safeJson(raw) : raw;
  const links = Array.isArray(parsed)
    ? parsed
        .filter(
          (l): l is { label: string; url: string } =>
            typeof l?.label === 'string' && typeof l?.url === 'string',
        )
        .map((l) => ({ label: l.label, url: l.url }))
    : [];
  return {
    headline: row?.front_page_headline ?? null,
    welcome_text: row?.front_page_welcome_text ?? null,
    links,
    contact_email: row?.front_page_contact_email ?? null,
    contact_phone: row?.front_page_contact_phone ?? null,
    contact_address: row?.front_page_contact_address ?? null,
    page_title: row?.front_page_page_title ?? null,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return [];
  }
}

/** The school's display name: its branded company name, else the organization's name. */
export function portalName(branding: PublicBranding, organizationName: string): string {
  return branding.company_name !== DEFAULT_BRANDING.company_name
    ? branding.company_name
    : organizationName;
}

/** An instance's stored front page (defaults when it has no branding row). */
export async function loadFrontPage(db: Kysely<Database>, instanceId: number): Promise<FrontPage> {
  const row = await db
    .selectFrom('brandings')
    .select(FRONT_PAGE_COLUMNS)
    .where('instance_id', '=', instanceId)
    .executeTakeFirst();
  return frontPageOf(row);
}

/** Everything an instance portal's pages are made of. */
export type PortalPage = {
  instance: { uuid: string; status: string };
  name: string;
  branding: PublicBranding;
  front_page: ResolvedFrontPage;
};

export type PortalResolution =
  | Exclude<ResolvedHost, { kind: 'instance' }>
  | (Extract<ResolvedHost, { kind: 'instance' }> & { page: PortalPage });

type Entry = { value: PortalResolution; expires: number };

/**
 * Instance hosts as resolved with their page data, per host name, for the branding cache's TTL.
 * A hit costs a map lookup (the HTTP layer renders each entry once). Any branding change, any
 * organization or instance-status change (the 'branding' and 'organizations' events of every
 * process) and this process's own writes to organizations and instances forget them all.
 */
const cache = new Map<string, Entry>();
let generation = 0;
/** About 12 KB each with their rendered pages: at most ~25 MB. */
const MAX_ENTRIES = 2_000;

export function forgetPortalPages(): void {
  generation += 1;
  cache.clear();
}

export function connectPortalCache(events: EventBus): () => void {
  const offBranding = events.subscribe('branding', forgetPortalPages);
  const offOrganizations = events.subscribe('organizations', forgetPortalPages);
  return () => {
    offBranding();
    offOrganizations();
  };
}

/** The cached resolution of a host, if any (never for the product's own hosts). */
export function getCachedPortal(host: string, nowMs: number): PortalResolution | undefined {
  return freshEntry(cache, host, nowMs)?.value;
}

/**
 * What a request's Host names (resolveHost), with the page data of an instance portal. Instance
 * hosts are cached; the others are looked up every time (they are not portals).
 */
export async function resolvePortal(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  rawHost: string | null | undefined,
): Promise<PortalResolution> {
  const host = hostnameOf(rawHost);
  const now = deps.clock.now().getTime();
  const cached = getCachedPortal(host, now);
  if (cached) return cached;
  const loadedAt = generation;
  const resolved = await resolveHost(deps, rawHost);
  if (resolved.kind !== 'instance') return resolved;
  const page = await loadPortalPage(deps.db, resolved);
  const value = { ...resolved, page };
  if (loadedAt === generation && host !== '') {
    if (cache.size >= MAX_ENTRIES) forgetPortalPages();
    cache.set(host, { value, expires: now + TENANT_BRANDING_TTL_SECONDS * 1000 });
  }
  return value;
}

async function loadPortalPage(
  db: Kysely<Database>,
  resolved: Extract<ResolvedHost, { kind: 'instance' }>,
): Promise<PortalPage> {
  const instance = await db
    .selectFrom('instances')
    .select('id')
    .where('uuid', '=', resolved.instance.uuid)
    .executeTakeFirstOrThrow();
  const [branding, stored] = await Promise.all([
    resolveInstanceBranding(db, instance.id),
    loadFrontPage(db, instance.id),
  ]);
  const name = portalName(branding, resolved.organization.name);
  return {
    instance: { uuid: resolved.instance.uuid, status: resolved.instance.status },
    name,
    branding,
    front_page: resolveFrontPage(stored, name),
  };
}
