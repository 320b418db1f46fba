import { createPrivateKey } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SSO_FAILURE_REASONS, SSO_TEXTS } from '@scmp/api/contracts/sso';
import type { Json, TestHarness } from '../src/testing/harness';
import {
  followProvider,
  startTestOidcProvider,
  type TestOidcProvider,
} from '../src/testing/oidc-provider';
import { addVerifiedDomain, createOrganization, roleIn } from '../src/testing/organization-rows';
import { ssoBrowserCookie, ssoFailures, throughOidcProvider } from '../src/testing/sso-helpers';
import { useHarness } from '../src/testing/use-harness';

/**
 * OpenID Connect single sign-on (issue 37) against a real OpenID provider in-process
 * (`oidc-provider`): connections (secret encrypted, never returned), the sign-in through the
 * provider with PKCE, state, nonce and the browser cookie, just-in-time membership with the
 * connection's role or a mapped group's, linking an existing account, the session like any other
 * ("SSO — <connection>"), the admin's test run (no session), and the refusal table — each refusal
 * with the one message the person sees and the reason the admins see under Sign-in failures.
 */
let h: TestHarness;
let idp: TestOidcProvider;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
let owner: User;
let orgUuid: string;
let orgId: number;
let connection: Json;
const DOMAIN = 'stmarys.org.uk';
let callbackBase: string;

useHarness((made) => (h = made));
beforeAll(async () => {
  callbackBase = `${h.config.appUrl}/api/v1/sso/oidc/callback`;
  idp = await startTestOidcProvider(callbackBase);
  owner = await h.createUser({ email: `head@${DOMAIN}` });
  ({ uuid: orgUuid, id: orgId } = await createOrganization(h, owner.token, {
    name: 'St Mary Academy',
    type: 'school',
    subdomain: 'stmarys-sso',
  }));
  await addVerifiedDomain(h, orgId, DOMAIN);
  const created = await h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
    token: owner.token,
    body: {
      type: 'oidc',
      display_name: 'St Mary IdP',
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret: idp.clientSecret,
      group_mappings: [{ group: 'it-staff', role: 'admin' }],
    },
  });
  expect(created.status, created.text).toBe(201);
  connection = created.body.data;
}, 60_000);
afterAll(() => idp?.close());
beforeEach(() => {
  idp.forge(null);
  // Each case starts with a fresh budget of SSO starts (20 a minute per address).
  h.clock.advance(61_000);
});

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
  const done = await h.rest('POST', '/auth/sso/complete', { body: { code }, headers: { cookie } });
  expect(done.status, done.text).toBe(200);
  return { ...back, token: done.body.data.token as string, cookie };
}

const failures = () => ssoFailures(h, orgUuid, owner.token);
const roleOf = (email: string) => roleIn(h.db, orgId, email);

describe('connections', () => {
  it('stores the client secret encrypted and never returns it; the redirect URI comes from APP_URL', async () => {
    expect(connection).toMatchObject({
      type: 'oidc',
      display_name: 'St Mary IdP',
      issuer: idp.issuer,
      client_id: idp.clientId,
      client_secret_set: true,
      default_role: 'member',
      redirect_uri: 'http://localhost:3000/api/v1/sso/oidc/callback',
      tested_at: null,
    });
    expect(JSON.stringify(connection)).not.toContain(idp.clientSecret);
    const row = await h.db
      .selectFrom('sso_connections')
      .select('client_secret_encrypted')
      .where('uuid', '=', connection.uuid)
      .executeTakeFirstOrThrow();
    expect(row.client_secret_encrypted).toMatch(/^v1:/);
    expect(row.client_secret_encrypted).not.toContain(idp.clientSecret);
    const listed = await h.rest('GET', `/organizations/${orgUuid}/sso-connections`, {
      token: owner.token,
    });
    expect(listed.text).not.toContain(idp.clientSecret);
    const got = await h.rest(
      'GET',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}`,
      {
        token: owner.token,
      },
    );
    expect(got.body.data.client_secret_set).toBe(true);
  });

  it('refuses a non-loopback http issuer, an unreachable issuer and an Entra preset without a tenant', async () => {
    const post = (body: Json) =>
      h.rest('POST', `/organizations/${orgUuid}/sso-connections`, {
        token: owner.token,
        body: { type: 'oidc', display_name: 'X', client_id: 'c', client_secret: 's', ...body },
      });
    const http = await post({ issuer: 'http://idp.example.com' });
    expect(http.status).toBe(422);
    expect(http.body.errors.issuer).toEqual([SSO_TEXTS.issuerHttps]);
    const down = await post({ issuer: 'http://127.0.0.1:9' });
    expect(down.status).toBe(422);
    expect(down.body.errors.issuer[0]).toMatch(/^Could not read the OpenID configuration/);
    const entra = await post({ issuer: idp.issuer, preset: 'entra' });
    expect(entra.status).toBe(422);
    expect(entra.body.errors.entra_tenant_id).toEqual([SSO_TEXTS.tenantRequired]);
  });
});

describe('signing in', () => {
  it('a new staff member signs in through the provider and joins as a member, with an SSO session', async () => {
    idp.accounts.set('staff-1', { email: `teacher@${DOMAIN}`, name: 'Tess Teacher' });
    const result = await ssoSignIn(`teacher@${DOMAIN}`, 'staff-1');
    expect(result.location).toMatch(/^http:\/\/localhost:3000\/login\/sso\?code=/);
    expect(result.token).toBeTruthy();
    const me = await h.rest('GET', '/user', { token: result.token! });
    expect(me.body.data.user ?? me.body.data).toMatchObject({ email: `teacher@${DOMAIN}` });
    expect(await roleOf(`teacher@${DOMAIN}`)).toBe('member');
    const user = await h.db
      .selectFrom('users')
      .select(['id', 'email_verified_at', 'name'])
      .where('email', '=', `teacher@${DOMAIN}`)
      .executeTakeFirstOrThrow();
    expect(user.email_verified_at).not.toBeNull();
    expect(user.name).toBe('Tess Teacher');
    const sessions = await h.rest('GET', '/profile/sessions', { token: result.token! });
    expect(sessions.body.data[0].sign_in_method).toBe('SSO — St Mary IdP');
    const activity = await h.db
      .selectFrom('activity_events')
      .select(['action', 'description'])
      .where('user_id', '=', user.id)
      .execute();
    expect(activity.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'account.created_by_sso',
        'sso.linked',
        'member.joined',
        'login.success',
      ]),
    );
    expect(activity.find((a) => a.action === 'login.success')?.description).toBe(
      'Signed in with single sign-on (St Mary IdP)',
    );
    // The completion code works once, and only in the browser that started.
    const code = new URL(result.location).searchParams.get('code')!;
    const again = await h.rest('POST', '/auth/sso/complete', {
      body: { code },
      headers: { cookie: result.cookie },
    });
    expect(again.status).toBe(401);
  });

  it('a mapped group gives its role; an existing account is linked, not duplicated', async () => {
    idp.accounts.set('it-1', { email: `it@${DOMAIN}`, groups: ['it-staff'] });
    expect((await ssoSignIn(`it@${DOMAIN}`, 'it-1')).token).toBeTruthy();
    expect(await roleOf(`it@${DOMAIN}`)).toBe('admin');

    const existing = await h.createUser({ email: `bursar@${DOMAIN}` });
    idp.accounts.set('bursar-1', { email: `bursar@${DOMAIN}` });
    const signed = await ssoSignIn(`bursar@${DOMAIN}`, 'bursar-1');
    const me = await h.rest('GET', '/user', { token: signed.token! });
    expect(JSON.stringify(me.body)).toContain(existing.uuid);
    const count = await h.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('email', '=', `bursar@${DOMAIN}`)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('GET /api/v1/sso/start?email= answers 302 to the provider with the browser cookie', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/v1/sso/start?email=teacher@${DOMAIN}`,
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const unknown = await h.rest('POST', '/auth/sso/start', { body: { email: 'x@elsewhere.org' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(SSO_TEXTS.notConfigured);
    // Guessing which domains use SSO is throttled.
    let last = unknown;
    for (let i = 0; i < 20 && last.status !== 429; i += 1)
      last = await h.rest('POST', '/auth/sso/start', { body: { email: `x${i}@elsewhere.org` } });
    expect(last.status).toBe(429);
  });

  it('Test the connection shows the claims received and creates no session', async () => {
    idp.accounts.set('tester', { email: `head@${DOMAIN}`, hd: DOMAIN });
    const before = await h.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const test = await h.rest(
      'POST',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}/test`,
      { token: owner.token },
    );
    expect(test.status, test.text).toBe(200);
    const back = await throughProvider(
      test.body.data.redirect_url,
      cookieOf(test.headers),
      'tester',
    );
    expect(back.location).toBe(
      `http://localhost:3000/dashboard/organizations/${orgUuid}?tab=security&sso_test=${connection.uuid}`,
    );
    const after = await h.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const got = await h.rest(
      'GET',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}`,
      {
        token: owner.token,
      },
    );
    expect(got.body.data.tested_at).toBeTruthy();
    expect(got.body.data.last_test).toMatchObject({
      ok: true,
      error: null,
      claims: { email: `head@${DOMAIN}`, email_verified: true, hd: DOMAIN, sub: 'tester' },
    });
  });
});

describe('a failed test run', () => {
  it('shows the reason and the claims received, and creates no session or member', async () => {
    idp.accounts.set('test-outsider', { email: 'someone@elsewhere.org' });
    const test = await h.rest(
      'POST',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}/test`,
      { token: owner.token },
    );
    await throughProvider(test.body.data.redirect_url, cookieOf(test.headers), 'test-outsider');
    const got = await h.rest(
      'GET',
      `/organizations/${orgUuid}/sso-connections/${connection.uuid}`,
      {
        token: owner.token,
      },
    );
    expect(got.body.data.last_test).toMatchObject({
      ok: false,
      error: SSO_FAILURE_REASONS.unknownUser('someone@elsewhere.org'),
      claims: { email: 'someone@elsewhere.org', sub: 'test-outsider' },
    });
    const user = await h.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'someone@elsewhere.org')
      .executeTakeFirst();
    expect(user).toBeUndefined();
  });
});

describe('refusals', () => {
  const key = () => createPrivateKey({ key: idp.signingJwk as never, format: 'jwk' });
  const resign = async (idToken: string, change: (claims: Json) => void) => {
    const claims = decodeJwt(idToken) as Json;
    change(claims);
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign(key());
  };

  /** One sign-in that must be refused: the person's message and the admins' reason. */
  async function expectRefused(email: string, subject: string, reason: string | RegExp) {
    const seen = (await failures()).length;
    const result = await ssoSignIn(email, subject);
    expect(result.token).toBeNull();
    expect(result.location).toBe('http://localhost:3000/login?sso_error=1');
    const list = await failures();
    expect(list.length).toBe(seen + 1);
    if (typeof reason === 'string') expect(list[0]!.reason).toBe(reason);
    else expect(list[0]!.reason).toMatch(reason);
    expect(list[0]!.connection_name).toBe('St Mary IdP');
    return list[0]!;
  }

  beforeAll(() => {
    idp.accounts.set('ok', { email: `ok@${DOMAIN}` });
  });

  it('wrong iss, wrong aud, expired, alg none, HS256 with the client secret, wrong nonce', async () => {
    const cases: Array<[string, (t: string) => Promise<string> | string, RegExp]> = [
      ['iss', (t) => resign(t, (c) => (c.iss = 'http://evil.example')), /iss/],
      ['aud', (t) => resign(t, (c) => (c.aud = 'another-client')), /aud/],
      [
        'expired',
        (t) =>
          resign(t, (c) => {
            const now = Math.floor(Date.now() / 1000);
            c.iat = now - 900;
            c.exp = now - 600;
          }),
        /exp|timestamp/,
      ],
      ['none', (t) => new UnsecuredJWT(decodeJwt(t)).encode(), /alg|JWS|unsupported|signature/i],
      [
        'hs256',
        (t) =>
          new SignJWT(decodeJwt(t))
            .setProtectedHeader({ alg: 'HS256' })
            .sign(new TextEncoder().encode(idp.clientSecret)),
        /alg|JWS|unsupported|signature/i,
      ],
      ['nonce', (t) => resign(t, (c) => (c.nonce = 'someone-elses-nonce')), /nonce/],
    ];
    for (const [name, forger, pattern] of cases) {
      idp.forge(forger);
      const failure = await expectRefused(
        `ok@${DOMAIN}`,
        'ok',
        /^The identity provider's answer was refused: /,
      );
      expect(failure.reason, name).toMatch(pattern);
    }
    idp.forge(null);
    // A good answer still works after all that.
    expect((await ssoSignIn(`ok@${DOMAIN}`, 'ok')).token).toBeTruthy();
  });

  it('email_verified false, an address outside the verified domains', async () => {
    idp.accounts.set('unverified', { email: `new@${DOMAIN}`, email_verified: false });
    const f = await expectRefused(
      `new@${DOMAIN}`,
      'unverified',
      SSO_FAILURE_REASONS.emailUnverified,
    );
    expect(f.email).toBe(`new@${DOMAIN}`);
    idp.accounts.set('outsider', { email: 'someone@gmail.com' });
    await expectRefused(
      `x@${DOMAIN}`,
      'outsider',
      SSO_FAILURE_REASONS.unknownUser('someone@gmail.com'),
    );
    expect(await roleOf(`new@${DOMAIN}`)).toBeUndefined();
  });

  it('Google preset: hd must be a verified domain; Entra preset: tid must be the tenant', async () => {
    const patch = (body: Json) =>
      h.rest('PATCH', `/organizations/${orgUuid}/sso-connections/${connection.uuid}`, {
        token: owner.token,
        body,
      });
    expect((await patch({ preset: 'google' })).status).toBe(200);
    idp.accounts.set('hd-wrong', { email: `g1@${DOMAIN}`, hd: 'other-school.org' });
    await expectRefused(`g1@${DOMAIN}`, 'hd-wrong', SSO_FAILURE_REASONS.hd('other-school.org'));
    idp.accounts.set('hd-none', { email: `g2@${DOMAIN}` });
    await expectRefused(`g2@${DOMAIN}`, 'hd-none', SSO_FAILURE_REASONS.hd(''));
    idp.accounts.set('hd-ok', { email: `g3@${DOMAIN}`, hd: DOMAIN });
    expect((await ssoSignIn(`g3@${DOMAIN}`, 'hd-ok')).token).toBeTruthy();

    const tenant = '11111111-2222-3333-4444-555555555555';
    expect((await patch({ preset: 'entra', entra_tenant_id: tenant })).status).toBe(200);
    idp.accounts.set('tid-wrong', {
      email: `e1@${DOMAIN}`,
      tid: '99999999-2222-3333-4444-555555555555',
    });
    await expectRefused(
      `e1@${DOMAIN}`,
      'tid-wrong',
      SSO_FAILURE_REASONS.tid('99999999-2222-3333-4444-555555555555'),
    );
    idp.accounts.set('tid-ok', { email: `e2@${DOMAIN}`, tid: tenant });
    expect((await ssoSignIn(`e2@${DOMAIN}`, 'tid-ok')).token).toBeTruthy();
    expect((await patch({ preset: 'generic' })).status).toBe(200);
  });

  it('wrong state, another browser, and a reused code are refused', async () => {
    idp.accounts.set('ok', { email: `ok@${DOMAIN}` });
    // A state SCMP never issued: nothing to attribute, the person sees the one message.
    const { redirectUrl, cookie } = await startFor(`ok@${DOMAIN}`);
    idp.loginAs('ok');
    const back = await followProvider(redirectUrl, callbackBase);
    const tampered = new URLSearchParams(back.search);
    tampered.set('state', 'not-a-state-we-issued');
    const wrong = await h.app.inject({
      method: 'GET',
      url: `/api/v1/sso/oidc/callback?${tampered.toString()}`,
      headers: { cookie },
    });
    expect(wrong.headers.location).toBe('http://localhost:3000/login?sso_error=1');

    // The real state from another browser (no or another cookie): refused and recorded.
    const seen = (await failures()).length;
    const other = await h.app.inject({
      method: 'GET',
      url: `/api/v1/sso/oidc/callback${back.search}`,
      headers: { cookie: 'scmp_sso_browser=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(other.headers.location).toBe('http://localhost:3000/login?sso_error=1');
    expect((await failures())[0]!.reason).toBe(SSO_FAILURE_REASONS.state);
    expect((await failures()).length).toBe(seen + 1);

    // The right browser once: works; the same code again: refused.
    const first = await h.app.inject({
      method: 'GET',
      url: `/api/v1/sso/oidc/callback${back.search}`,
      headers: { cookie },
    });
    expect(String(first.headers.location)).toMatch(/\/login\/sso\?code=/);
    const reused = await h.app.inject({
      method: 'GET',
      url: `/api/v1/sso/oidc/callback${back.search}`,
      headers: { cookie },
    });
    expect(reused.headers.location).toBe('http://localhost:3000/login?sso_error=1');
    expect((await failures())[0]!.reason).toBe(SSO_FAILURE_REASONS.state);
  });
});

describe('who manages connections', () => {
  it('members get 403, another organization 404, API tokens 403', async () => {
    const member = await h.createUser();
    await h.db
      .insertInto('organization_members')
      .values({ organization_id: orgId, user_id: member.id, role: 'member', joined_at: new Date() })
      .execute();
    const path = `/organizations/${orgUuid}/sso-connections/${connection.uuid}`;
    expect((await h.rest('GET', path, { token: member.token })).status).toBe(403);
    const stranger = await h.createUser();
    const theirs = await h.rest('POST', '/organizations', {
      token: stranger.token,
      body: { name: 'Other', type: 'school', subdomain: 'other-sso' },
    });
    const foreign = `/organizations/${theirs.body.data.uuid}/sso-connections/${connection.uuid}`;
    expect((await h.rest('GET', foreign, { token: stranger.token })).status).toBe(404);
    const created = await h.rest('POST', '/user/api-tokens', {
      token: owner.token,
      body: {
        name: 'All',
        scopes: ['organizations:read', 'organizations:write'],
        expires_in_days: null,
      },
    });
    expect((await h.rest('GET', path, { token: created.body.data.token })).status).toBe(403);
  });
});
