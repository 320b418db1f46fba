import type { Selectable } from 'kysely';
import type { InstancesTable } from '@scmp/db';
import { toIso } from '../../core/iso-date';

/** The instance columns the operator console's instance rows show. */
export type InstanceSummaryRow = Pick<
  Selectable<InstancesTable>,
  | 'uuid'
  | 'name'
  | 'host'
  | 'status'
  | 'ssl_status'
  | 'custom_domain'
  | 'custom_domain_status'
  | 'last_health_status'
  | 'last_health_check'
>;

/** An instance as the operator console shows it: in the instances list and a customer's view. */
export function instanceSummary(r: InstanceSummaryRow) {
  return {
    uuid: r.uuid,
    name: r.name,
    host: r.host,
    status: r.status,
    health: r.last_health_status,
    last_health_check: toIso(r.last_health_check),
    ssl_status: r.ssl_status,
    custom_domain: r.custom_domain,
    custom_domain_status: r.custom_domain_status,
  };
}
