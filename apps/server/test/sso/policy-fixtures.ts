import { generateSync } from 'otplib';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Json, TestHarness } from '../../src/testing/harness';
import { startTestOidcProvider, type TestOidcProvider } from '../../src/testing/oidc-provider';
import { addVerifiedDomain, createOrganization } from '../../src/testing/organization-rows';
import { authenticatorFor, registerPasskey } from '../../src/testing/passkey-helpers';
import type { SoftwareAuthenticator } from '../../src/testing/software-authenticator';
import { ssoBrowserCookie, throughOidcProvider } from '../../src/testing/sso-helpers';
import { useHarness } from '../../src/testing/use-harness';

/** The sign-in policy suites' setup (sso-policies*.test.ts). */
export let h: TestHarness;
export let idp: TestOidcProvider;
export type User = Awaited<ReturnType<TestHarness['createUser']>>;
export const DOMAIN = 'oakfield.org.uk';
export let callbackBase: string;
export let owner: User;
export let admin: User;
export let teacher: User;
export let billing: User;
export let visitor: User;
export let outsider: User;
export let passkeyTeacher: User;
export let passkeyDevice: SoftwareAuthenticator;
export let orgUuid: string;
export let orgId: number;
export let connection: Json;

const policyPath = () => `/organizations/${orgUuid}/sso-policy`;
const totp = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });

async function addMember(user: User, role: 'admin' | 'billing' | 'member') {
  await h.db
    .insertInto('organization_members')
    .values({ organization_id: orgId, user_id: user.id, role, joined_at: new Date() })
    .execute();
}

const cookieOf = ssoBrowserCookie;

async function throughProvider(redirectUrl: string, cookie: string, subject: string) {
  return (await throughOidcProvider(h, idp, callbackBase, { redirectUrl, cookie, subject }))
    .location;
}

async function ssoSignIn(email: string, subject: string): Promise<string> {
  const start = await h.rest('POST', '/auth/sso/start', { body: { email } });
  expect(start.status, start.text).toBe(200);
  const cookie = cookieOf(start.headers);
  const location = await throughProvider(start.body.data.redirect_url, cookie, subject);
  const code = new URL(location).searchParams.get('code');
  expect(code, location).toBeTruthy();
  const done = await h.rest('POST', '/auth/sso/complete', { body: { code }, headers: { cookie } });
  expect(done.status, done.text).toBe(200);
  return done.body.data.token as string;
}

async function enableTwoFactor(user: User): Promise<string> {
  const enabled = await h.rest('POST', '/two-factor/enable', {
    token: user.token,
    body: { password: user.password },
  });
  expect(enabled.status, enabled.text).toBe(200);
  const secret = enabled.body.data.secret as string;
  const confirmed = await h.rest('POST', '/two-factor/confirm', {
    token: user.token,
    body: { code: totp(secret) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  h.clock.advance(60_000); // the confirming code's step is used up
  return secret;
}

async function passkeySignIn(device: SoftwareAuthenticator) {
  const options = await h.rest('POST', '/auth/passkey/options', { body: {} });
  expect(options.status).toBe(200);
  return h.rest('POST', '/auth/passkey/verify', {
    body: {
      challenge_token: options.body.data.challenge_token,
      response: device.assert(options.body.data.options as never),
    },
  });
}

async function alive(token: string): Promise<boolean> {
  const me = await h.rest('GET', '/user', { token });
  return me.status === 200;
}

async function mails(kind: string) {
  return h.db
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'user_id'])
    .where('kind', '=', kind)
    .execute();
}

/** A successful connection test run by the admin: what Require SSO waits for. */
async function passConnectionTest(): Promise<void> {
  idp.accounts.set('tester', { email: `it@${DOMAIN}` });
  const test = await h.rest(
    'POST',
    `/organizations/${orgUuid}/sso-connections/${connection.uuid}/test`,
    { token: admin.token },
  );
  await throughProvider(test.body.data.redirect_url, cookieOf(test.headers), 'tester');
}

/**
 * One server for the test file and Oakfield Primary: owner, admin, member, billing, a member at
 * another domain, a passkey member, an outsider at the domain, and the admin's OIDC connection
 * (its test run passed first when `connectionTested`, as Require SSO needs).
 */
export function usePolicyOrganization(options: { connectionTested?: boolean } = {}) {
  useHarness((made) => (h = made));
  beforeAll(async () => {
    callbackBase = `${h.config.appUrl}/api/v1/sso/oidc/callback`;
    idp = await startTestOidcProvider(callbackBase);
    owner = await h.createUser({ email: `head@${DOMAIN}`, name: 'Hana Head' });
    ({ uuid: orgUuid, id: orgId } = await createOrganization(h, owner.token, {
      name: 'Oakfield Primary',
      type: 'school',
      subdomain: 'oakfield-policy',
    }));
    await addVerifiedDomain(h, orgId, DOMAIN);
    admin = await h.createUser({ email: `it@${DOMAIN}`, name: 'Ian IT' });
    teacher = await h.createUser({ email: `teacher@${DOMAIN}` });
    billing = await h.createUser({ email: `bursar@${DOMAIN}` });
    visitor = await h.createUser({ email: 'visitor@elsewhere.org' });
    outsider = await h.createUser({ email: `stranger@${DOMAIN}` });
    passkeyTeacher = await h.createUser({ email: `pk@${DOMAIN}` });
    await addMember(admin, 'admin');
    await addMember(teacher, 'member');
    await addMember(billing, 'billing');
    await addMember(visitor, 'member');
    await addMember(passkeyTeacher, 'member');
    passkeyDevice = authenticatorFor(h);
    await registerPasskey(h, passkeyTeacher.token, passkeyDevice);

    const created = await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
      token: admin.token,
      body: {
        type: 'oidc',
        display_name: 'Oakfield IdP',
        issuer: idp.issuer,
        client_id: idp.clientId,
        client_secret: idp.clientSecret,
      },
    });
    expect(created.status, created.text).toBe(201);
    connection = created.body.data;
  }, 60_000);
  if (options.connectionTested) beforeAll(passConnectionTest);
  afterAll(() => idp?.close());
  beforeEach(() => {
    // A fresh budget of sign-in and SSO-start throttles for each case.
    h.clock.advance(61_000);
  });
  return {
    addMember,
    alive,
    cookieOf,
    enableTwoFactor,
    mails,
    passConnectionTest,
    passkeySignIn,
    policyPath,
    ssoSignIn,
    throughProvider,
    totp,
  };
}
