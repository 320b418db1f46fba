import { describe, expect, it } from 'vitest';
import { type TestHarness } from '../src/testing/harness';
import { authenticatorFor } from '../src/testing/passkey-helpers';
import { activityLines } from '../src/testing/user-rows';
import { useHarness } from '../src/testing/use-harness';
import { passkeyFixtures } from './passkeys/fixtures';

/** Signing in with a passkey through both doors; a software authenticator plays the device. */
let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });
const {
  NOT_REGISTERED,
  NOT_VERIFIED,
  EXPIRED,
  withPasskey,
  enableTwoFactor,
  signInOptions,
  signIn,
  mailKinds,
} = passkeyFixtures(() => h);

describe('signing in with a passkey', () => {
  it('counts as both factors: a session for an account with two-factor on, no code asked', async () => {
    const { user, device, uuid } = await withPasskey();
    await enableTwoFactor(user);
    const { token, options, cookies } = await signInOptions();
    expect(options).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(
      cookies.some((c) => /^scmp_passkey_challenge=[^;]+;.*HttpOnly; SameSite=Strict/.test(c)),
    ).toBe(true);

    const res = await h.rest('POST', '/auth/passkey/verify', {
      body: { challenge_token: token, response: device.assert(options as never) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Signed in with a passkey.',
      data: { user: { email: user.email, two_factor_enabled: true } },
    });
    expect(res.body.data).not.toHaveProperty('two_factor_required');
    const me = await h.rest('GET', '/user', { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(user.email);

    const list = await h.rest('GET', '/passkeys', { token: user.token });
    expect(list.body.data[0]).toMatchObject({ uuid, last_used_at: h.clock.now().toISOString() });
    expect(await activityLines(h.db, user.id)).toContain(
      'login.success: Signed in with a passkey ("Office laptop")',
    );
    expect(await mailKinds(user.id)).toContain('passkey-used');
  });

  it('takes the challenge from the cookie (the browser way) and through the tRPC door', async () => {
    const { user, device } = await withPasskey();
    const { cookies, options } = await signInOptions();
    const cookie = cookies.find((c) => c.includes('Path=/api/v1/auth/passkey'))!.split(';')[0]!;
    const rest = await h.rest('POST', '/auth/passkey/verify', {
      headers: { cookie },
      body: { response: device.assert(options as never) },
    });
    expect(rest.status).toBe(200);
    expect(([] as string[]).concat(rest.headers['set-cookie'] as string[])).toContain(
      'scmp_passkey_challenge=; Max-Age=0; Path=/api/v1/auth/passkey; HttpOnly; SameSite=Strict',
    );

    const trpcOptions = await h.trpc('mutation', 'auth.passkeyOptions', {});
    const data = trpcOptions.body.result.data.data;
    const trpc = await h.trpc('mutation', 'auth.passkeyVerify', {
      challenge_token: data.challenge_token,
      response: device.assert(data.options),
    });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.data.user.email).toBe(user.email);
  });

  it('refuses a wrong origin, a wrong RP id and an assertion without user verification', async () => {
    const { device } = await withPasskey();
    for (const overrides of [
      { origin: 'https://evil.example' },
      { origin: 'http://acme.localhost:3000' },
      { rpId: 'evil.example' },
      { userVerified: false },
    ]) {
      const res = await signIn(device, overrides);
      expect(res.status, JSON.stringify(overrides)).toBe(401);
      expect(res.body.message).toBe(NOT_VERIFIED);
      expect(res.body).not.toHaveProperty('data');
    }
  });

  it('uses each challenge once: a replayed assertion, or one for another attempt, fails', async () => {
    const { device } = await withPasskey();
    const { token, options } = await signInOptions();
    const response = device.assert(options as never);
    const first = await h.rest('POST', '/auth/passkey/verify', {
      body: { challenge_token: token, response },
    });
    expect(first.status).toBe(200);
    const replay = await h.rest('POST', '/auth/passkey/verify', {
      body: { challenge_token: token, response },
    });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(EXPIRED);

    // Replayed against a fresh attempt's token: the signed challenge is not that attempt's.
    const fresh = await signInOptions();
    const crossed = await h.rest('POST', '/auth/passkey/verify', {
      body: { challenge_token: fresh.token, response },
    });
    expect(crossed.status).toBe(401);
    expect(crossed.body.message).toBe(EXPIRED);
    // ...and that attempt is spent too.
    const after = await h.rest('POST', '/auth/passkey/verify', {
      body: { challenge_token: fresh.token, response: device.assert(fresh.options as never) },
    });
    expect(after.status).toBe(401);

    const none = await h.rest('POST', '/auth/passkey/verify', {
      body: { response: device.assert((await signInOptions()).options as never) },
    });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(EXPIRED);
  });

  it('fails once the challenge is older than five minutes (test clock)', async () => {
    const { device } = await withPasskey();
    const { token, options } = await signInOptions();
    h.clock.advance(5 * 60_000 + 1000);
    const res = await h.rest('POST', '/auth/passkey/verify', {
      body: { challenge_token: token, response: device.assert(options as never) },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(EXPIRED);
  });

  it('checks the signature counter: one going backwards (or standing still) fails', async () => {
    const { device } = await withPasskey();
    expect((await signIn(device, { counter: 5 })).status).toBe(200);
    const back = await signIn(device, { counter: 3 });
    expect(back.status).toBe(401);
    expect(back.body.message).toBe(NOT_VERIFIED);
    expect((await signIn(device, { counter: 5 })).status).toBe(401);
    expect((await signIn(device, { counter: 6 })).status).toBe(200);
    const row = await h.db
      .selectFrom('passkeys')
      .select('counter')
      .where('credential_id', '=', device.credentials[0]!.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.counter)).toBe(6);
  });

  it("refuses another user's credential id signed with someone else's key", async () => {
    const alice = await withPasskey();
    const bob = await withPasskey();
    const res = await signIn(bob.device, { claimId: alice.device.credentials[0]!.id });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(NOT_VERIFIED);
    expect(await activityLines(h.db, alice.user.id)).toContain(
      'login.failed: Failed sign-in attempt (passkey "Office laptop" not verified)',
    );
  });

  it('says plainly that a removed or unknown passkey is not registered', async () => {
    const { user, device, uuid } = await withPasskey();
    const removed = await h.rest('DELETE', `/passkeys/${uuid}`, {
      token: user.token,
      query: { password: user.password },
    });
    expect(removed.status).toBe(200);
    const res = await signIn(device);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(NOT_REGISTERED);

    const stranger = authenticatorFor(h);
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } });
    const unknown = await signIn(stranger);
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(NOT_REGISTERED);
  });
});
