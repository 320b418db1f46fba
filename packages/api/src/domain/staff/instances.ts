import { sql } from 'kysely';
import type { InstanceStatus } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { toIso } from '../../core/iso-date';
import { afterCursor, prefixRange, staffListPage, type StaffListInput } from './search';
import { instanceSummary, instanceSummaryColumns } from './instance-summary';
import { organizationOf, ownerOf, rowsWithTenant } from './tenant-rows';
import type { StaffInstanceSummary, StaffPage } from './staff-schema';

/**
 * Instances across every tenant, with their organization and owner, for support staff, a page at
 * a time. No search: newest first by id (by (status, id) when a status
 * is chosen). A search matches the start of the host name or the instance's name; an instance
 * appears once (under its host when both match), ordered by the matched text and id.
 */
export async function listInstancesForStaff(
  deps: Pick<AppDeps, 'db'>,
  input: StaffListInput & { status?: InstanceStatus | undefined },
): Promise<StaffPage<StaffInstanceSummary>> {
  const status = input.status ? sql`i.status = ${input.status}` : sql`true`;
  return staffListPage(deps.db, input, {
    newest: deps.db
      .selectFrom('instances')
      .select('id')
      .$if(input.status !== undefined, (qb) => qb.where('status', '=', input.status ?? 'active')),
    matching: (q, cursor, take) => sql`
      (SELECT i.id, lower(i.host) COLLATE "C" AS k FROM instances i
        WHERE i.host IS NOT NULL AND ${prefixRange('i.host', q)} AND ${status}
          AND ${afterCursor('i.host', 'i.id', cursor)}
        ORDER BY lower(i.host) COLLATE "C", i.id LIMIT ${take})
      UNION ALL
      (SELECT i.id, lower(i.name) COLLATE "C" AS k FROM instances i
        WHERE ${prefixRange('i.name', q)} AND ${status}
          AND NOT (i.host IS NOT NULL AND ${prefixRange('i.host', q)})
          AND ${afterCursor('i.name', 'i.id', cursor)}
        ORDER BY lower(i.name) COLLATE "C", i.id LIMIT ${take})`,
    load: (ids) =>
      rowsWithTenant(deps.db, 'instances')
        .select([...instanceSummaryColumns('r'), 'r.id', 'r.created_at', 'u.name as owner_name'])
        .where('r.id', 'in', ids)
        .execute(),
    toItem: (r) => ({
      ...instanceSummary(r),
      created_at: toIso(r.created_at) ?? '',
      organization: organizationOf(r),
      owner: { ...ownerOf(r), name: r.owner_name },
    }),
  });
}
