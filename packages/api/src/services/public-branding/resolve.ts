import type { Kysely, Selectable } from 'kysely';
import type { BrandingsTable, Database } from '@scmp/db';
import { DEFAULT_BRANDING, type PublicBranding } from '../../contracts/branding-defaults';

/** The columns of a branding row that public branding is made of (publicFieldsOf). */
export const PUBLIC_BRANDING_COLUMNS = [
  'id',
  'company_name',
  'tagline',
  'primary_color',
  'secondary_color',
  'accent_color',
  'nav_text_color',
  'nav_text_hover_color',
  'nav_background_color',
  'logo_path',
  'favicon_path',
  'footer_text',
  'custom_css',
] as const satisfies ReadonlyArray<keyof BrandingsTable>;

export type BrandingRow = Pick<
  Selectable<BrandingsTable>,
  Exclude<(typeof PUBLIC_BRANDING_COLUMNS)[number], 'id'>
>;

/** The public fields of branding, in the order of spec part 1 §3. */
export const PUBLIC_BRANDING_FIELDS = [
  'company_name',
  'tagline',
  'primary_color',
  'secondary_color',
  'accent_color',
  'nav_text_color',
  'nav_text_hover_color',
  'nav_background_color',
  'logo_url',
  'favicon_url',
  'footer_text',
  'custom_css',
] as const satisfies ReadonlyArray<keyof PublicBranding>;

/** The public URL of an uploaded branding file (served by the branding area's file route). */
export function brandingFileUrl(path: string | null | undefined): string {
  return path ? `/files/branding/${path}` : '';
}

function nonBlank(value: string | null | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** One branding row as partial public fields: only the values that are set. */
export function publicFieldsOf(row: BrandingRow | undefined): Partial<PublicBranding> {
  if (!row) return {};
  const fields: Partial<PublicBranding> = {};
  const set = (key: keyof PublicBranding, value: string | null | undefined) => {
    const v = nonBlank(value);
    if (v !== undefined) fields[key] = v;
  };
  set('company_name', row.company_name);
  set('tagline', row.tagline);
  set('primary_color', row.primary_color);
  set('secondary_color', row.secondary_color);
  set('accent_color', row.accent_color);
  set('nav_text_color', row.nav_text_color);
  set('nav_text_hover_color', row.nav_text_hover_color);
  set('nav_background_color', row.nav_background_color);
  set('logo_url', brandingFileUrl(row.logo_path));
  set('favicon_url', brandingFileUrl(row.favicon_path));
  set('footer_text', row.footer_text);
  set('custom_css', row.custom_css);
  return fields;
}

/** Field by field: the first layer that sets a value wins; DEFAULT_BRANDING fills the rest. */
export function mergeBranding(...layers: Array<Partial<PublicBranding>>): PublicBranding {
  const result: PublicBranding = { ...DEFAULT_BRANDING };
  for (const key of PUBLIC_BRANDING_FIELDS) {
    for (const layer of layers) {
      const value = layer[key];
      if (value !== undefined) {
        result[key] = value;
        break;
      }
    }
  }
  return result;
}

/** The organization's branding row (by internal id), or undefined. */
async function organizationRow(
  db: Kysely<Database>,
  organizationId: number,
): Promise<BrandingRow | undefined> {
  return db
    .selectFrom('brandings')
    .select(PUBLIC_BRANDING_COLUMNS)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Public branding of an organization: its own row, then DEFAULT_BRANDING, field by field. */
export async function resolveOrganizationBranding(
  db: Kysely<Database>,
  organizationId: number,
): Promise<PublicBranding> {
  return mergeBranding(publicFieldsOf(await organizationRow(db, organizationId)));
}

/**
 * Public branding of an instance: the instance's row, then its organization's row, then
 * DEFAULT_BRANDING, field by field. An unknown instance gives the defaults.
 */
export async function resolveInstanceBranding(
  db: Kysely<Database>,
  instanceId: number,
): Promise<PublicBranding> {
  const instance = await db
    .selectFrom('instances')
    .select(['id', 'organization_id'])
    .where('id', '=', instanceId)
    .executeTakeFirst();
  if (!instance) return mergeBranding();
  const [own, org] = await Promise.all([
    db
      .selectFrom('brandings')
      .select(PUBLIC_BRANDING_COLUMNS)
      .where('instance_id', '=', instance.id)
      .executeTakeFirst(),
    organizationRow(db, instance.organization_id),
  ]);
  return mergeBranding(publicFieldsOf(own), publicFieldsOf(org));
}
