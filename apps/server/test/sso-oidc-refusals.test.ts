import { createPrivateKey } from 'node:crypto';
import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { SSO_FAILURE_REASONS } from '@scmp/api/contracts/sso';
import type { Json } from '../src/testing/harness';
import { followProvider } from '../src/testing/oidc-provider';
import { callbackBase, connection, DOMAIN, h, idp, useOidcOrganization } from './sso/oidc-fixtures';

/**
 * OpenID Connect single sign-on, part two: the refusal table and who manages connections (part
 * one, sso-oidc.test.ts, describes the whole).
 */
const { asOwner, connectionOutsiders, failures, roleOf, ssoSignIn, startFor } =
  useOidcOrganization();

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
    const patch = (body: Json) => asOwner('PATCH', `/${connection.uuid}`, body);
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
    await connectionOutsiders('other-sso');
  });
});
