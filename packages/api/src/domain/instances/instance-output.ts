import type { Selectable } from 'kysely';
import type { InstancesTable } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { publicIds } from '../../contracts/response-fields';
import { toIso } from '../../core/iso-date';
import { instanceUrlOf } from './instance-url';
import { dnsRecordsFor } from './dns-records';
import type { InstanceOutput } from './instance-schema';

export type { InstanceOutput };

export type InstanceRow = Selectable<InstancesTable>;

export type JoinedRow = InstanceRow & {
  organization_uuid: string;
  organization_name: string;
};

export function toInstanceOutput(deps: Pick<AppDeps, 'config'>, row: JoinedRow): InstanceOutput {
  return {
    ...publicIds(row.uuid),
    name: row.name,
    status: row.status,
    ssl_status: row.ssl_status,
    organization_uuid: row.organization_uuid,
    organization_name: row.organization_name,
    subdomain: row.prefix,
    host: row.host,
    custom_domain: row.custom_domain,
    custom_domain_status: row.custom_domain ? row.custom_domain_status : null,
    custom_domain_reason: row.custom_domain ? row.custom_domain_reason : null,
    custom_domain_checked_at: row.custom_domain ? toIso(row.custom_domain_checked_at) : null,
    dns_records:
      row.custom_domain && row.custom_domain_token && row.host
        ? dnsRecordsFor(deps.config, row.custom_domain, row.custom_domain_token, row.host)
        : [],
    instance_url: row.host ? instanceUrlOf(deps.config, row.host) : null,
    provisioned_at: toIso(row.provisioned_at),
    last_health_check: toIso(row.last_health_check),
    last_health_status: row.last_health_status,
    ssl_issuer: row.ssl_issuer,
    ssl_expires_at: toIso(row.ssl_expires_at),
    ssl_reason: row.ssl_reason,
    ssl_checked_at: toIso(row.ssl_checked_at),
    created_at: toIso(row.created_at) ?? '',
  };
}
