import type { AppDeps } from '../../../core/app-deps';
import { withIsoDates } from '../export-rows';
import { jsonEntry } from '../zip-archive';

/** domains-and-sso.json: verified e-mail domains and SSO connections. */
export function domainsAndSsoEntry(db: AppDeps['db'], organizationId: number) {
  return jsonEntry('domains-and-sso.json', async () => {
    const domains = await db
      .selectFrom('organization_domains')
      .select(['uuid', 'domain', 'status', 'verified_at', 'created_at'])
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute();
    const connections = await db
      .selectFrom('sso_connections')
      .select([
        'uuid',
        'type',
        'display_name',
        'preset',
        'issuer',
        'client_id',
        'entra_tenant_id',
        'saml_idp_metadata_url',
        'default_role',
        'group_mappings',
        'tested_at',
        'created_at',
      ])
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute();
    return {
      domains: domains.map((d) => withIsoDates(d, ['verified_at', 'created_at'])),
      sso_connections: connections.map((c) => withIsoDates(c, ['tested_at', 'created_at'])),
    };
  });
}
