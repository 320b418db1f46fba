import type { Selectable } from 'kysely';
import type { InstancesTable } from '@scmp/db';
import type { AppDeps } from '../../../core/app-deps';
import { archiveFileName, jsonEntry, type ArchiveEntry } from '../zip-archive';
import { fileOf } from './stored-file';

/** branding.json and the logo and favicon files under branding/. */
export async function brandingEntries(
  deps: AppDeps,
  organizationId: number,
  instances: Selectable<InstancesTable>[],
): Promise<ArchiveEntry[]> {
  const db = deps.db;
  const instanceIds = instances.map((i) => i.id);
  const instanceUuid = new Map(instances.map((i) => [i.id, i.uuid]));
  const entries: ArchiveEntry[] = [];
  const brandings = await db
    .selectFrom('brandings')
    .selectAll()
    .where((eb) =>
      instanceIds.length === 0
        ? eb('organization_id', '=', organizationId)
        : eb.or([eb('organization_id', '=', organizationId), eb('instance_id', 'in', instanceIds)]),
    )
    .orderBy('id')
    .execute();
  const brandingFile = (key: string) => `branding/${archiveFileName(key.split('/').pop() ?? key)}`;
  entries.push(
    jsonEntry('branding.json', async () =>
      brandings.map(({ id: _id, organization_id, instance_id, logo_path, favicon_path, ...b }) => ({
        of:
          organization_id !== null ? 'organization' : `instance ${instanceUuid.get(instance_id!)}`,
        ...b,
        logo: logo_path ? brandingFile(logo_path) : null,
        favicon: favicon_path ? brandingFile(favicon_path) : null,
      })),
    ),
  );
  for (const b of brandings) {
    for (const key of [b.logo_path, b.favicon_path]) {
      if (key) entries.push({ name: brandingFile(key), open: fileOf(deps, key) });
    }
  }
  return entries;
}
