import { afterAll, beforeEach, expect } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from '../../src/testing/oidc-provider';
import { ssoBrowserCookie, throughOidcProvider } from '../../src/testing/sso-helpers';
import { completeSso, h, useSsoOrganization } from './fixtures';

/** The shared single sign-on world (fixtures.ts), so that a suite imports one module. */
export * from './fixtures';

/**
 * The OpenID Connect suites' setup (sso-oidc*.test.ts): a real OpenID provider in-process
 * (`oidc-provider`) and St Mary Academy with its connection to it (group it-staff → admin).
 */
export const DOMAIN = 'stmarys.org.uk';
export let idp: TestOidcProvider;
export let callbackBase: string;

/** Sets St Mary Academy up for the test file; answers the steps of an OpenID Connect sign-in. */
export function useOidcOrganization() {
  const shared = useSsoOrganization({
    domain: DOMAIN,
    name: 'St Mary Academy',
    subdomain: 'stmarys-sso',
    before: async () => {
      callbackBase = `${h.config.appUrl}/api/v1/sso/oidc/callback`;
      idp = await startTestOidcProvider(callbackBase);
    },
    connection: () => ({
      type: 'oidc',
      display_name: 'St Mary IdP',
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      group_mappings: [{ group: 'it-staff', role: 'admin' }],
    }),
  });
  afterAll(() => idp?.close());
  beforeEach(() => {
    idp.forge(null);
    // Each case starts with a fresh budget of SSO starts (20 a minute per address).
    h.clock.advance(61_000);
  });
  return { ...shared, cookieOf, ssoSignIn, startFor, throughProvider };
}

const cookieOf = ssoBrowserCookie;

/** Signs in at the provider as `subject` and brings the browser back to SCMP's callback. */
const throughProvider = (redirectUrl: string, cookie: string, subject: string) =>
  throughOidcProvider(h, idp, callbackBase, { redirectUrl, cookie, subject });

async function startFor(email: string) {
  const start = await h.rest('POST', '/auth/sso/start', { body: { email } });
  expect(start.status, start.text).toBe(200);
  return { redirectUrl: start.body.data.redirect_url as string, cookie: cookieOf(start.headers) };
}

/** The whole sign-in; returns where the browser lands and the session token when it worked. */
async function ssoSignIn(email: string, subject: string) {
  const { redirectUrl, cookie } = await startFor(email);
  const back = await throughProvider(redirectUrl, cookie, subject);
  const code = new URL(back.location).searchParams.get('code');
  if (!code) return { ...back, token: null as string | null, cookie };
  return { ...back, token: await completeSso(code, cookie), cookie };
}
