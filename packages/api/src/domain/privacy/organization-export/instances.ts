import type { Selectable } from 'kysely';
import type { InstancesTable } from '@scmp/db';
import type { AppDeps } from '../../../core/app-deps';
import { toIso } from '../../../core/iso-date';
import { childrenOf, rowsOfParents, withIsoDates } from '../export-rows';
import { jsonEntry } from '../zip-archive';

/** instances.json: the instances with their health history. */
export function instancesEntry(db: AppDeps['db'], instances: Selectable<InstancesTable>[]) {
  const instanceIds = instances.map((i) => i.id);
  return jsonEntry('instances.json', async () => {
    const days = await rowsOfParents(instanceIds, (ids) =>
      db.selectFrom('instance_health_days').selectAll().where('instance_id', 'in', ids).execute(),
    );
    const checks = await rowsOfParents(instanceIds, (ids) =>
      db
        .selectFrom('instance_health_checks')
        .select(['instance_id', 'checked_at', 'healthy', 'status_code', 'response_ms', 'detail'])
        .where('instance_id', 'in', ids)
        .orderBy('checked_at')
        .execute(),
    );
    return instances.map((i) => ({
      uuid: i.uuid,
      name: i.name,
      prefix: i.prefix,
      host: i.host,
      status: i.status,
      custom_domain: i.custom_domain,
      custom_domain_status: i.custom_domain_status,
      custom_domain_verified_at: toIso(i.custom_domain_verified_at),
      ssl_status: i.ssl_status,
      ssl_issuer: i.ssl_issuer,
      ssl_expires_at: toIso(i.ssl_expires_at),
      provisioned_at: toIso(i.provisioned_at),
      terminated_at: toIso(i.terminated_at),
      created_at: toIso(i.created_at),
      health_days: childrenOf(days, 'instance_id', i.id),
      health_checks: childrenOf(checks, 'instance_id', i.id).map((c) =>
        withIsoDates(c, ['checked_at']),
      ),
    }));
  });
}
