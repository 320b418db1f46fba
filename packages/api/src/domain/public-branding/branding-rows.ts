import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';

/**
 * Deletes the branding rows of an organization and/or instances and returns the storage keys of
 * their uploaded files (logo, favicon), which the caller removes after the transaction commits.
 */
export async function deleteBrandingRows(
  db: Kysely<Database>,
  organizationId: number | null,
  instanceIds: number[],
): Promise<string[]> {
  if (organizationId === null && instanceIds.length === 0) return [];
  const rows = await db
    .deleteFrom('brandings')
    .where((eb) => {
      const ors = [];
      if (organizationId !== null) ors.push(eb('organization_id', '=', organizationId));
      if (instanceIds.length > 0) ors.push(eb('instance_id', 'in', instanceIds));
      return eb.or(ors);
    })
    .returning(['logo_path', 'favicon_path'])
    .execute();
  return rows.flatMap((r) => [r.logo_path, r.favicon_path]).filter((k): k is string => !!k);
}
