import { type AppDeps, ssoService } from '@scmp/api';
import {
  DEMO_IDP_CLIENT_ID,
  DEMO_IDP_DOMAIN,
  assertDemoIdpAllowed,
  demoClientSecret,
  demoIdpIssuer,
} from '../demo-idp/demo-idp';

/**
 * Single sign-on in the demo data (issue 37): Oakfield has verified the e-mail domain
 * oakfield.test and has a connection to the demo identity provider at /demo-idp (local mode
 * only: refused with APP_ENV=production). The it-staff group maps to admin. Not yet tested, so
 * a newcomer runs "Test the connection" before the policies can be switched on.
 */
export async function seedDemoSso(
  deps: AppDeps,
  organizationId: number | undefined,
  ownerId: number | undefined,
): Promise<void> {
  assertDemoIdpAllowed(deps.config);
  if (organizationId === undefined) return;
  const now = deps.clock.now();
  await deps.db
    .insertInto('organization_domains')
    .values({
      organization_id: organizationId,
      domain: DEMO_IDP_DOMAIN,
      status: 'verified',
      token: 'scmp-verify=demo',
      verified_at: now,
      // A .test domain has no DNS: the daily re-check would un-verify it.
      next_check_at: null,
      created_by: ownerId ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await deps.db
    .insertInto('sso_connections')
    .values({
      organization_id: organizationId,
      type: 'oidc',
      display_name: 'Oakfield Demo IdP',
      preset: 'generic',
      issuer: demoIdpIssuer(deps.config.appUrl),
      client_id: DEMO_IDP_CLIENT_ID,
      client_secret_encrypted: ssoService.encryptClientSecret(
        deps.config.appKey,
        demoClientSecret(deps.config.appKey),
      ),
      default_role: 'member',
      group_mappings: JSON.stringify([{ group: 'it-staff', role: 'admin' }]),
      created_by: ownerId ?? null,
      created_at: now,
      updated_at: now,
    })
    .execute();
}
