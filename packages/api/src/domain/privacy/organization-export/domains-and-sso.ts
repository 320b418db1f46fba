import type { AppDeps } from '../../../core/app-deps';
import { exportedRows } from '../export-rows';
import { jsonEntry } from '../zip-archive';

/** domains-and-sso.json: verified e-mail domains and SSO connections. */
export function domainsAndSsoEntry(db: AppDeps['db'], organizationId: number) {
  return jsonEntry('domains-and-sso.json', async () => ({
    domains: await exportedRows(db, 'organization_domains', 'organization_id', organizationId),
    sso_connections: await exportedRows(db, 'sso_connections', 'organization_id', organizationId),
  }));
}
