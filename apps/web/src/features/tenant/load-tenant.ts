import { DEFAULT_BRANDING, type PublicBranding } from '@scmp/api/contracts/branding-defaults';
import { resolveTenantSlug } from './resolve-slug';

export type SiteConfig = { tenant_domain: string; instance_domain: string; product_name: string };

export type TenantInfo = { slug: string; name: string; uuid: string; status: string };

export type TenantLoad = {
  config: SiteConfig;
  /** The slug this page was opened for (null on the main site). */
  slug: string | null;
  /** The resolved tenant; null on the main site or when its branding could not be loaded. */
  tenant: TenantInfo | null;
  branding: PublicBranding;
};

export const TENANT_LOAD_FAILED_TEXT = 'Failed to load tenant configuration';

/** A load failure that must show the Configuration Error screen. */
export class TenantConfigError extends Error {}

type Envelope<T> = { success?: boolean; data?: T; message?: string };

async function getJson<T>(url: string): Promise<{ status: number; body: Envelope<T> | null }> {
  const res = await fetch(url, { headers: { Accept: 'application/json' } });
  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = null;
  }
  return { status: res.status, body };
}

/** Blank or missing values take the defaults. */
export function withDefaults(branding: Partial<PublicBranding> | null | undefined): PublicBranding {
  const result: PublicBranding = { ...DEFAULT_BRANDING };
  if (!branding) return result;
  for (const key of Object.keys(DEFAULT_BRANDING) as Array<keyof PublicBranding>) {
    const value = branding[key];
    if (typeof value === 'string' && value.trim() !== '') result[key] = value;
  }
  return result;
}

async function loadSiteConfig(): Promise<SiteConfig> {
  let response: Awaited<ReturnType<typeof getJson<SiteConfig>>>;
  try {
    response = await getJson<SiteConfig>('/api/v1/public/site-config');
  } catch {
    throw new TenantConfigError(TENANT_LOAD_FAILED_TEXT);
  }
  const data = response.body?.data;
  if (response.status >= 400 || !data) {
    throw new TenantConfigError(response.body?.message || TENANT_LOAD_FAILED_TEXT);
  }
  return data;
}

/** Primary route: the public tenant branding endpoint. */
async function primary(slug: string): Promise<{ tenant: TenantInfo; branding: PublicBranding }> {
  const { status, body } = await getJson<{ tenant: TenantInfo; branding: PublicBranding }>(
    `/api/v1/public/tenant/${encodeURIComponent(slug)}/branding`,
  );
  // "data (branding) or the body itself"
  const data = (body?.data ?? body) as { tenant?: TenantInfo; branding?: PublicBranding } | null;
  if (status !== 200 || !data?.tenant) throw new Error('tenant branding unavailable');
  return { tenant: data.tenant, branding: withDefaults(data.branding) };
}

type OrgSummary = { uuid?: string; subdomain?: string | null; name?: string; status?: string };

/** Fallback route: find the organization by subdomain, then its public branding. */
async function fallback(slug: string): Promise<{ tenant: TenantInfo; branding: PublicBranding }> {
  const list = await getJson<OrgSummary[] | { data?: OrgSummary[] }>(
    `/api/v1/organizations?subdomain=${encodeURIComponent(slug)}&public=true`,
  );
  const raw = list.body?.data;
  const items = Array.isArray(raw) ? raw : Array.isArray(raw?.data) ? raw.data : [];
  const org = items.find((o) => o.subdomain?.toLowerCase() === slug);
  if (list.status !== 200 || !org?.uuid) throw new Error('organization not found');
  const branding = await getJson<PublicBranding>(
    `/api/v1/organizations/${encodeURIComponent(org.uuid)}/branding?public=true`,
  );
  if (branding.status !== 200 || !branding.body?.data) throw new Error('branding unavailable');
  const merged = withDefaults(branding.body.data);
  return {
    tenant: {
      slug,
      uuid: org.uuid,
      name:
        merged.company_name !== DEFAULT_BRANDING.company_name
          ? merged.company_name
          : (org.name ?? slug),
      status: org.status ?? 'active',
    },
    branding: merged,
  };
}

/** On an instance portal (the server hints its uuid), the instance's own branding; null elsewhere. */
async function instanceBranding(): Promise<PublicBranding | null> {
  const uuid = document
    .querySelector<HTMLMetaElement>('meta[name="scmp-instance"]')
    ?.content?.trim();
  if (!uuid) return null;
  try {
    const { status, body } = await getJson<PublicBranding>(
      `/api/v1/public/instance/${encodeURIComponent(uuid)}/branding`,
    );
    return status === 200 && body?.data ? withDefaults(body.data) : null;
  } catch {
    return null;
  }
}

/**
 * Slug resolved → branding loaded (primary route, then the fallback) → defaults with the tenant
 * unresolved when neither answers. Only a failing site configuration fails the whole load.
 */
export async function loadTenant(location: Location = window.location): Promise<TenantLoad> {
  const config = await loadSiteConfig();
  const slug = resolveTenantSlug(location, config.tenant_domain, config.instance_domain);
  if (!slug) return { config, slug: null, tenant: null, branding: { ...DEFAULT_BRANDING } };
  try {
    const loaded = await primary(slug);
    return {
      config,
      slug,
      tenant: loaded.tenant,
      branding: (await instanceBranding()) ?? loaded.branding,
    };
  } catch {
    try {
      return { config, slug, ...(await fallback(slug)) };
    } catch {
      return { config, slug, tenant: null, branding: { ...DEFAULT_BRANDING } };
    }
  }
}
