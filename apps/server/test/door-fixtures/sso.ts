/** Door fixtures (see ./shared.ts): Single sign-on: domains, connections, policies and sign-in. */
import { anonymous, UNKNOWN_TOKEN, type DoorFixture, afterInOrg, inOrg } from './shared';

export const SSO_FIXTURES: Record<string, DoorFixture> = {
  // single sign-on
  'sso.listDomains': {
    call: afterInOrg((w) => w.domain()),
  },
  'sso.addDomain': {
    call: inOrg((w) => ({ domain: `${w.tag}-b.example.org` })),
  },
  'sso.verifyDomain': {
    call: inOrg(async (w) => ({ uuid: await w.domain() })),
    why: 'no DNS server in tests: the TXT record is not found',
  },
  'sso.removeDomain': {
    call: inOrg(async (w) => ({ uuid: await w.domain() })),
  },
  'sso.listConnections': {
    call: afterInOrg((w) => w.ssoConnection()),
  },
  'sso.createConnection': {
    call: inOrg((w) => ({
      type: 'oidc',
      display_name: 'Staff IdP',
      issuer: w.idp.issuer,
      client_id: w.idp.clientId,
      client_secret: w.idp.clientSecret,
    })),
  },
  'sso.getConnection': {
    call: inOrg(async (w) => ({ uuid: await w.ssoConnection() })),
  },
  'sso.updateConnection': {
    call: inOrg(async (w) => ({ uuid: await w.ssoConnection(), display_name: 'Renamed IdP' })),
  },
  'sso.deleteConnection': {
    call: inOrg(async (w) => ({ uuid: await w.ssoConnection() })),
  },
  'sso.testConnection': {
    call: inOrg(async (w) => ({ uuid: await w.ssoConnection() })),
  },
  'sso.failures': { call: async (w) => ({ input: { id: await w.org() } }) },
  'sso.getPolicy': { call: async (w) => ({ input: { id: await w.org() } }) },
  'sso.updatePolicy': {
    call: inOrg(() => ({ require_two_factor: true })),
  },
  'sso.tenantConnections': {
    call: async (w) => {
      await w.ssoConnection();
      return anonymous({ slug: w.tag });
    },
  },
  'sso.start': {
    call: async (w) => {
      await w.ssoConnection();
      const uuid = await w.domain();
      // Verified as its DNS check would (tests have no DNS server).
      await w.h.db
        .updateTable('organization_domains')
        .set({ status: 'verified', verified_at: w.h.clock.now() })
        .where('uuid', '=', uuid)
        .execute();
      return anonymous({ email: `someone@${w.tag}.example.org` });
    },
  },
  'sso.complete': {
    call: () => anonymous({ code: UNKNOWN_TOKEN }),
    why: 'the code comes from the identity provider: an unknown one is refused',
  },
};
