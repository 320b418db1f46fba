import type { Selectable } from 'kysely';
import type { InstancesTable } from '@scmp/db';
import { toIso } from '../../core/iso-date';

/** The instance columns the operator console's instance rows show. */
export const INSTANCE_SUMMARY_COLUMNS = [
  'uuid',
  'name',
  'host',
  'status',
  'ssl_status',
  'custom_domain',
  'custom_domain_status',
  'last_health_status',
  'last_health_check',
] as const;

export type InstanceSummaryRow = Pick<
  Selectable<InstancesTable>,
  (typeof INSTANCE_SUMMARY_COLUMNS)[number]
>;

/** The same columns of the instance `alias` of a query that joins other tables. */
export const instanceSummaryColumns = <A extends string>(alias: A) =>
  INSTANCE_SUMMARY_COLUMNS.map((column) => `${alias}.${column}` as const);

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
