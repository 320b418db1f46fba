import type { Selectable } from 'kysely';
import type { InstancesTable, OrganizationsTable } from '@scmp/db';
import type { AppDeps } from '../../../core/app-deps';
import { toIso } from '../../../core/iso-date';
import { exportedRows } from '../export-rows';
import { jsonEntry } from '../zip-archive';

/** activity.json: the organization's event log and its members' activity on it. */
export function activityEntry(
  db: AppDeps['db'],
  org: Selectable<OrganizationsTable>,
  instances: Selectable<InstancesTable>[],
) {
  const organizationId = org.id;
  return jsonEntry('activity.json', async () => {
    const events = await exportedRows(db, 'webhook_events', 'organization_id', organizationId);
    // Members' activity on this organization: its name or an instance's, quoted as the log writes them.
    const names = [org.name, ...instances.map((i) => i.name)].map(
      (n) => `%"${n.replace(/[\\%_]/g, (c) => `\\${c}`)}"%`,
    );
    const activity = await db
      .selectFrom('activity_events')
      .innerJoin('organization_members', (join) =>
        join
          .onRef('organization_members.user_id', '=', 'activity_events.user_id')
          .on('organization_members.organization_id', '=', organizationId),
      )
      .innerJoin('users', 'users.id', 'activity_events.user_id')
      .select([
        'users.name as by',
        'activity_events.action',
        'activity_events.description',
        'activity_events.created_at',
      ])
      .where('activity_events.type', '=', 'organization')
      .where((eb) => eb.or(names.map((n) => eb('activity_events.description', 'like', n))))
      .orderBy('activity_events.id')
      .execute();
    return {
      events,
      member_activity: activity.map((a) => ({ ...a, created_at: toIso(a.created_at) })),
    };
  });
}
