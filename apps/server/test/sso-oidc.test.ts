import { describe, expect, it } from 'vitest';
import { SSO_FAILURE_REASONS, SSO_TEXTS } from '@scmp/api/contracts/sso';
import type { Json } from '../src/testing/harness';
import { connection, DOMAIN, h, idp, useOidcOrganization } from './sso/oidc-fixtures';

/**
 * OpenID Connect single sign-on (issue 37) against a real OpenID provider in-process
 * (`oidc-provider`): connections (secret encrypted, never returned), the sign-in through the
 * provider with PKCE, state, nonce and the browser cookie, just-in-time membership with the
 * connection's role or a mapped group's, linking an existing account, the session like any other
 * ("SSO — <connection>"), the admin's test run (no session), and the refusal table — each refusal
 * with the one message the person sees and the reason the admins see under Sign-in failures.
 */
const { asOwner, connectionTestRun, cookieOf, firstSignIn, roleOf, ssoSignIn, throughProvider } =
  useOidcOrganization();

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
    const listed = await asOwner('GET');
    expect(listed.text).not.toContain(idp.clientSecret);
    const got = await asOwner('GET', `/${connection.uuid}`);
    expect(got.body.data.client_secret_set).toBe(true);
  });

  it('refuses a non-loopback http issuer, an unreachable issuer and an Entra preset without a tenant', async () => {
    const post = (body: Json) =>
      asOwner('POST', '', {
        type: 'oidc',
        display_name: 'X',
        client_id: 'c',
        client_secret: 's',
        ...body,
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
    const activity = await firstSignIn(result, `teacher@${DOMAIN}`, 'Tess Teacher');
    const me = await h.rest('GET', '/user', { token: result.token! });
    expect(me.body.data.user ?? me.body.data).toMatchObject({ email: `teacher@${DOMAIN}` });
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
    const lastTest = await connectionTestRun(
      async (test) =>
        (await throughProvider(test.body.data.redirect_url, cookieOf(test.headers), 'tester'))
          .location,
    );
    expect(lastTest).toMatchObject({
      ok: true,
      error: null,
      claims: { email: `head@${DOMAIN}`, email_verified: true, hd: DOMAIN, sub: 'tester' },
    });
  });
});

describe('a failed test run', () => {
  it('shows the reason and the claims received, and creates no session or member', async () => {
    idp.accounts.set('test-outsider', { email: 'someone@elsewhere.org' });
    const test = await asOwner('POST', `/${connection.uuid}/test`);
    await throughProvider(test.body.data.redirect_url, cookieOf(test.headers), 'test-outsider');
    const got = await asOwner('GET', `/${connection.uuid}`);
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
