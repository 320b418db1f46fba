import type { Kysely, Selectable } from 'kysely';
import type { BrandingsTable, Database } from '@scmp/db';
import { BRANDING_COLOR_FIELDS } from '../../contracts/branding';
import { DEFAULT_BRANDING, type PublicBranding } from '../../contracts/branding-defaults';

/** The public fields of branding, in the order of spec part 1 §3. */
export const PUBLIC_BRANDING_FIELDS = [
  'company_name',
  'tagline',
  ...BRANDING_COLOR_FIELDS,
  'logo_url',
  'favicon_url',
  'footer_text',
  'custom_css',
] as const satisfies ReadonlyArray<keyof PublicBranding>;

type PublicBrandingField = (typeof PUBLIC_BRANDING_FIELDS)[number];

/** Uploaded files are stored as paths in the row and published as URLs. */
const FILE_COLUMNS = { logo_url: 'logo_path', favicon_url: 'favicon_path' } as const;

type ColumnOf<F extends PublicBrandingField> = F extends keyof typeof FILE_COLUMNS
  ? (typeof FILE_COLUMNS)[F]
  : F;

function columnOf<F extends PublicBrandingField>(field: F): ColumnOf<F> {
  return ((FILE_COLUMNS as Record<string, string>)[field] ?? field) as ColumnOf<F>;
}

/** The branding-row columns public branding is made of (and the row's id). */
export const PUBLIC_BRANDING_COLUMNS = [
  'id',
  ...PUBLIC_BRANDING_FIELDS.map(columnOf),
] as const satisfies ReadonlyArray<keyof BrandingsTable>;

export type BrandingRow = Pick<Selectable<BrandingsTable>, ColumnOf<PublicBrandingField>>;

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
  for (const field of PUBLIC_BRANDING_FIELDS) {
    const stored = row[columnOf(field)];
    const value = nonBlank(field in FILE_COLUMNS ? brandingFileUrl(stored) : stored);
    if (value !== undefined) fields[field] = value;
  }
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
