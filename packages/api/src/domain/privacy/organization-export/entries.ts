import type { AppDeps } from '../../../core/app-deps';
import type { ArchiveEntry } from '../zip-archive';
import { activityEntry } from './activity';
import { billingEntry } from './billing';
import { brandingEntries } from './branding';
import { domainsAndSsoEntry } from './domains-and-sso';
import { instancesEntry } from './instances';
import { membersEntry, organizationEntry } from './organization';
import { organizationReadme } from './readme';
import { organizationTicketEntries } from './tickets';
import { webhooksEntry } from './webhooks';

/** Every entry of an organization's export, README.txt first. */
export async function organizationExportEntries(
  deps: AppDeps,
  organizationId: number,
): Promise<ArchiveEntry[]> {
  const db = deps.db;
  const org = await db
    .selectFrom('organizations')
    .selectAll()
    .where('id', '=', organizationId)
    .executeTakeFirstOrThrow();
  const instances = await db
    .selectFrom('instances')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
  const entries: ArchiveEntry[] = [
    {
      name: 'README.txt',
      open: async () =>
        Buffer.from(
          organizationReadme(deps.config.productName, org.name, deps.clock.now()),
          'utf8',
        ),
    },
    organizationEntry(org),
    membersEntry(db, organizationId),
    instancesEntry(db, instances),
  ];
  entries.push(...(await brandingEntries(deps, organizationId, instances)));
  entries.push(...(await organizationTicketEntries(deps, organizationId)));
  entries.push(
    billingEntry(db, organizationId),
    activityEntry(db, org, instances),
    webhooksEntry(db, organizationId),
    domainsAndSsoEntry(db, organizationId),
  );
  return entries;
}
