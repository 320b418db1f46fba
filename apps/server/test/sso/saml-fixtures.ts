import { beforeEach, expect } from 'vitest';
import { SAML_TEXTS } from '@scmp/api/contracts/sso-saml';
import type { Json } from '../../src/testing/harness';
import {
  createTestSamlIdp,
  type SamlAccount,
  type SamlResponseOptions,
  type TestSamlIdp,
} from '../../src/testing/saml-idp';
import { completeSso, connection, h, orgUuid, owner, useSsoOrganization } from './fixtures';

/** The shared single sign-on world (fixtures.ts), so that a suite imports one module. */
export * from './fixtures';

/**
 * The SAML suites' setup (sso-saml*.test.ts): an in-process identity provider that signs its
 * responses with a throwaway certificate, and St John School with two connections (its own IdP,
 * group it-staff → admin, and another IdP's).
 */
export const DOMAIN = 'stjohns.org.uk';
export const FAILED = 'http://localhost:3000/login?sso_error=1';
export let idp: TestSamlIdp;
export let other: TestSamlIdp;
export let otherConnection: Json;

/** Sets St John School up for the test file; answers the steps of a SAML sign-in. */
export function useSamlOrganization() {
  const shared = useSsoOrganization({
    domain: DOMAIN,
    name: 'St John School',
    subdomain: 'stjohns-saml',
    before: () => {
      idp = createTestSamlIdp('https://idp.stjohns.example');
      other = createTestSamlIdp('https://idp.other.example');
    },
    connection: () => ({
      type: 'saml',
      display_name: 'St John SAML',
      idp_metadata_xml: idp.metadataXml,
      group_mappings: [{ group: 'it-staff', role: 'admin' }],
    }),
    after: async (created) => {
      expect(created.body.message).toBe(SAML_TEXTS.created);
      const second = await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
        token: owner.token,
        body: { type: 'saml', display_name: 'Other SAML', idp_metadata_xml: other.metadataXml },
      });
      expect(second.status, second.text).toBe(201);
      otherConnection = second.body.data;
    },
  });
  beforeEach(() => {
    h.clock.advance(61_000);
  });
  return { ...shared, cookiesOf, postAcs, samlSignIn, startFor };
}

function cookiesOf(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  return list
    .filter((c) => c.startsWith('scmp_sso_'))
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

async function startFor(email: string) {
  const start = await h.rest('POST', '/auth/sso/start', { body: { email } });
  expect(start.status, start.text).toBe(200);
  const redirectUrl = start.body.data.redirect_url as string;
  return { redirectUrl, cookie: cookiesOf(start.headers), request: idp.readRequest(redirectUrl) };
}

async function postAcs(connectionUuid: string, samlResponse: string, cookie: string) {
  const res = await h.app.inject({
    method: 'POST',
    url: `/api/v1/sso/saml/${connectionUuid}/acs`,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  return String(res.headers.location);
}

export type Forge = Partial<Omit<SamlResponseOptions, 'request' | 'account'>>;

/** The whole sign-in; returns where the browser lands and the session token when it worked. */
async function samlSignIn(account: SamlAccount, forge: Forge = {}, from = idp, startAs?: string) {
  const started = await startFor(startAs ?? account.email);
  const samlResponse = from.respond({ request: started.request, account, ...forge });
  const location = await postAcs(connection.uuid, samlResponse, started.cookie);
  const code = new URL(location).searchParams.get('code');
  if (!code) return { location, token: null as string | null, ...started, samlResponse };
  return { location, token: await completeSso(code, started.cookie), ...started, samlResponse };
}
