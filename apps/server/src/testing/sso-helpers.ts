import { expect } from 'vitest';
import type { Json, TestHarness } from './harness';
import { followProvider, type TestOidcProvider } from './oidc-provider';

/** The SSO browser cookie a response sets (`scmp_sso_browser`), as a Cookie header value. */
export function ssoBrowserCookie(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const list = Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  const found = list.find((c) => c.startsWith('scmp_sso_browser='));
  if (!found) throw new Error(`no SSO cookie in ${JSON.stringify(raw)}`);
  return found.split(';')[0]!;
}

/**
 * Signs in at the OpenID provider as `subject` and brings the browser back to SCMP's callback
 * (`callbackBase`), which must redirect (302): where it sends the browser, and the callback query.
 */
export async function throughOidcProvider(
  h: TestHarness,
  idp: TestOidcProvider,
  callbackBase: string,
  step: { redirectUrl: string; cookie: string; subject: string },
) {
  idp.loginAs(step.subject);
  const back = await followProvider(step.redirectUrl, callbackBase);
  const res = await h.app.inject({
    method: 'GET',
    url: `/api/v1/sso/oidc/callback${back.search}`,
    headers: { cookie: step.cookie },
  });
  expect(res.statusCode, res.body).toBe(302);
  return { location: String(res.headers.location), callbackSearch: back.search };
}

/** The organization's Sign-in failures list, as its owner reads it (200 expected). */
export async function ssoFailures(h: TestHarness, orgUuid: string, token: string): Promise<Json[]> {
  const res = await h.rest('GET', `/organizations/${orgUuid}/sso-failures`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

/** Checks that reading the organization through the tRPC door as `token` answers 403 TWO_FACTOR_REQUIRED. */
export async function expectTwoFactorRequiredOverTrpc(
  h: TestHarness,
  orgUuid: string,
  token: string,
): Promise<void> {
  const res = await h.trpc('query', 'organizations.get', { id: orgUuid }, { token });
  expect(res.status).toBe(403);
  expect(res.text).toContain('TWO_FACTOR_REQUIRED');
}
