import { generateSync } from 'otplib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { authenticatorFor, registerPasskey } from '../src/testing/passkey-helpers';
import type { SoftwareAuthenticator } from '../src/testing/software-authenticator';
import { activityLines } from '../src/testing/user-rows';

/**
 * Passkeys end to end through both doors, with a software authenticator (P-256 keys, 'none'
 * attestation, signed assertions) standing in for the browser and the device.
 */
let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());
beforeEach(async () => {
  await h.deps.rateLimiter.resetAll();
});

type User = Awaited<ReturnType<TestHarness['createUser']>>;

const NOT_REGISTERED = 'This passkey is not registered. Sign in with your password.';
const NOT_VERIFIED = 'The passkey could not be verified. Please try again.';
const EXPIRED = 'The passkey request has expired or was already used. Please try again.';
const INVALID_CODE = 'Invalid verification code';

const totp = (secret: string) =>
  generateSync({ secret, epoch: Math.floor(h.clock.now().getTime() / 1000) });

async function withPasskey(name = 'Office laptop') {
  const user = await h.createUser({ verified: true });
  const device = authenticatorFor(h);
  const uuid = await registerPasskey(h, user.token, device, name);
  return { user, device, uuid };
}

async function enableTwoFactor(user: User): Promise<string> {
  const enabled = await h.rest('POST', '/two-factor/enable', {
    token: user.token,
    body: { password: user.password },
  });
  const secret = enabled.body.data.secret as string;
  const confirmed = await h.rest('POST', '/two-factor/confirm', {
    token: user.token,
    body: { code: totp(secret) },
  });
  expect(confirmed.status).toBe(200);
  h.clock.advance(60_000); // the confirming code's step is used up
  return secret;
}

async function signInOptions(): Promise<{ token: string; options: Json; cookies: string[] }> {
  const res = await h.rest('POST', '/auth/passkey/options', { body: {} });
  expect(res.status).toBe(200);
  return {
    token: res.body.data.challenge_token as string,
    options: res.body.data.options as Json,
    cookies: ([] as string[]).concat((res.headers['set-cookie'] as string[] | string) ?? []),
  };
}

async function signIn(device: SoftwareAuthenticator, overrides = {}) {
  const { token, options } = await signInOptions();
  return h.rest('POST', '/auth/passkey/verify', {
    body: { challenge_token: token, response: device.assert(options as never, overrides) },
  });
}

async function mailKinds(userId: number): Promise<string[]> {
  const rows = await h.db
    .selectFrom('mail_outbox')
    .select('kind')
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}

describe('adding a passkey', () => {
  it('offers a discoverable, user-verified credential for APP_URL and keeps only its public key', async () => {
    const user = await h.createUser({ verified: true });
    const options = await h.rest('POST', '/passkeys/registration/options', { token: user.token });
    expect(options.status).toBe(200);
    expect(options.body.data).toMatchObject({
      rp: { id: 'localhost', name: 'SCMP' },
      user: { name: user.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    const device = authenticatorFor(h);
    const { response, credential } = device.register(options.body.data);
    const verify = await h.rest('POST', '/passkeys/registration/verify', {
      token: user.token,
      body: { name: '  Office laptop ', response },
    });
    expect(verify.status).toBe(201);
    expect(verify.body).toMatchObject({
      success: true,
      message: 'Passkey added.',
      data: { name: 'Office laptop', transports: ['internal'], last_used_at: null },
    });
    expect(verify.body.data).not.toHaveProperty('credential_id');
    expect(verify.body.data).not.toHaveProperty('public_key');

    const row = await h.db
      .selectFrom('passkeys')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.credential_id).toBe(credential.id);
    expect(Number(row.counter)).toBe(0);
    const privateJwk = credential.privateKey.export({ format: 'jwk' });
    expect(JSON.stringify(row)).not.toContain(privateJwk.d);

    const list = await h.rest('GET', '/passkeys', { token: user.token });
    expect(list.body.data).toEqual([
      {
        uuid: verify.body.data.uuid,
        name: 'Office laptop',
        transports: ['internal'],
        created_at: h.clock.now().toISOString(),
        last_used_at: null,
      },
    ]);
    expect(await activityLines(h.db, user.id)).toContain(
      'passkey.added: Added a passkey ("Office laptop")',
    );
    expect(await mailKinds(user.id)).toContain('passkey-added');

    // The next options exclude it, so the same device is not registered twice.
    const again = await h.rest('POST', '/passkeys/registration/options', { token: user.token });
    expect(again.body.data.excludeCredentials).toEqual([
      { id: credential.id, type: 'public-key', transports: ['internal'] },
    ]);
  });

  it('works through the tRPC door too', async () => {
    const user = await h.createUser({ verified: true });
    // No input, as the web app's batching client sends it: {"0": undefined} is {}.
    const options = await h.app.inject({
      method: 'POST',
      url: '/trpc/passkeys.registrationOptions?batch=1',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(options.statusCode).toBe(200);
    const { response } = authenticatorFor(h).register(options.json()[0].result.data.data);
    const verify = await h.trpc(
      'mutation',
      'passkeys.registrationVerify',
      { name: 'Phone', response },
      { token: user.token },
    );
    expect(verify.status).toBe(200);
    const list = await h.trpc('query', 'passkeys.list', undefined, { token: user.token });
    expect(list.body.result.data.data.map((p: Json) => p.name)).toEqual(['Phone']);
  });

  it('refuses a wrong origin, a wrong RP id, no user verification, a replay, another session and an expired challenge', async () => {
    const user = await h.createUser({ verified: true });
    const device = authenticatorFor(h);
    const attempt = async (overrides = {}, token = user.token, optionsToken = user.token) => {
      const options = await h.rest('POST', '/passkeys/registration/options', {
        token: optionsToken,
      });
      const { response } = device.register(options.body.data, overrides);
      return {
        response,
        res: await h.rest('POST', '/passkeys/registration/verify', {
          token,
          body: { name: 'Laptop', response },
        }),
      };
    };

    for (const overrides of [
      { origin: 'https://evil.example' },
      { origin: 'http://acme.localhost:3000' }, // a tenant host is not the relying party
      { rpId: 'evil.example' },
      { rpId: 'acme.localhost' },
      { userVerified: false },
    ]) {
      const { res } = await attempt(overrides);
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(res.body.message).toBe(NOT_VERIFIED);
    }

    // Each challenge answers once: the good response cannot be sent twice.
    const good = await attempt();
    expect(good.res.status).toBe(201);
    const replay = await h.rest('POST', '/passkeys/registration/verify', {
      token: user.token,
      body: { name: 'Laptop again', response: good.response },
    });
    expect(replay.status).toBe(422);
    expect(replay.body.message).toBe(EXPIRED);

    // Options opened by another session of the same user do not count for this one.
    const other = await h.createUser({ verified: true });
    const login = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    const secondSession = login.body.data.token as string;
    const crossed = await attempt({}, user.token, secondSession);
    expect(crossed.res.status).toBe(422);
    expect(crossed.res.body.message).toBe(EXPIRED);
    const crossedUser = await attempt({}, other.token, user.token);
    expect(crossedUser.res.status).toBe(422);

    // Five minutes, on the test clock.
    const options = await h.rest('POST', '/passkeys/registration/options', { token: user.token });
    h.clock.advance(5 * 60_000 + 1000);
    const late = await h.rest('POST', '/passkeys/registration/verify', {
      token: user.token,
      body: { name: 'Late', response: device.register(options.body.data).response },
    });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(EXPIRED);

    const names = (await h.rest('GET', '/passkeys', { token: user.token })).body.data.map(
      (p: Json) => p.name,
    );
    expect(names).toEqual(['Laptop']);
  });

  it('validates the name and needs a signed-in session', async () => {
    const user = await h.createUser({ verified: true });
    const blank = await h.rest('POST', '/passkeys/registration/verify', {
      token: user.token,
      body: { name: '   ', response: {} },
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors.name).toEqual(['Give the passkey a name.']);
    expect((await h.rest('POST', '/passkeys/registration/options')).status).toBe(401);
    expect((await h.rest('GET', '/passkeys')).status).toBe(401);
  });
});

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

describe('a passkey answering the two-factor step', () => {
  async function passwordStep(user: User) {
    const login = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.body.data.two_factor_required).toBe(true);
    return login.body.data as Json;
  }

  it('works for the sign-in that passed the password step, with that account’s passkeys only', async () => {
    const { user, device } = await withPasskey('Security key');
    await enableTwoFactor(user);
    const step = await passwordStep(user);
    expect(step.passkey_available).toBe(true);
    const options = await h.rest('POST', '/auth/passkey/options', {
      body: { challenge_token: step.challenge_token },
    });
    expect(options.status).toBe(200);
    expect(options.body.data).not.toHaveProperty('challenge_token');
    expect(options.body.data.options.allowCredentials).toEqual([
      { id: device.credentials[0]!.id, type: 'public-key', transports: ['internal'] },
    ]);
    const res = await h.rest('POST', '/auth/two-factor/verify', {
      body: {
        email: user.email,
        type: 'passkey',
        challenge_token: step.challenge_token,
        passkey_response: device.assert(options.body.data.options),
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Two-factor authentication successful');
    expect(typeof res.body.data.token).toBe('string');
    expect(await activityLines(h.db, user.id)).toContain(
      'login.success: Signed in with a password and a passkey ("Security key")',
    );
  });

  it('fails without the password step, for another sign-in, or with another user’s passkey', async () => {
    const alice = await withPasskey();
    await enableTwoFactor(alice.user);
    const bob = await withPasskey();
    await enableTwoFactor(bob.user);

    // Another client without the password step: no options, and no way to verify.
    const noStep = await h.rest('POST', '/auth/passkey/options', {
      body: { challenge_token: 'made-up-token' },
    });
    expect(noStep.status).toBe(422);
    const aliceStep = await passwordStep(alice.user);
    const aliceOptions = (
      await h.rest('POST', '/auth/passkey/options', {
        body: { challenge_token: aliceStep.challenge_token },
      })
    ).body.data.options as Json;
    const withoutToken = await h.rest('POST', '/auth/two-factor/verify', {
      body: {
        email: alice.user.email,
        type: 'passkey',
        passkey_response: alice.device.assert(aliceOptions as never),
      },
    });
    expect(withoutToken.status).toBe(422);
    expect(withoutToken.body.message).toBe(INVALID_CODE);

    // Another sign-in of the same account: its challenge was not opened for that step.
    const secondStep = await passwordStep(alice.user);
    const crossed = await h.rest('POST', '/auth/two-factor/verify', {
      body: {
        email: alice.user.email,
        type: 'passkey',
        challenge_token: secondStep.challenge_token,
        passkey_response: alice.device.assert(aliceOptions as never),
      },
    });
    expect(crossed.status).toBe(422);

    // Bob's password step answered with Alice's passkey.
    const bobStep = await passwordStep(bob.user);
    const bobOptions = (
      await h.rest('POST', '/auth/passkey/options', {
        body: { challenge_token: bobStep.challenge_token },
      })
    ).body.data.options as Json;
    const foreign = await h.rest('POST', '/auth/two-factor/verify', {
      body: {
        email: bob.user.email,
        type: 'passkey',
        challenge_token: bobStep.challenge_token,
        passkey_response: alice.device.assert({ ...bobOptions, allowCredentials: [] } as never),
      },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.message).toBe(INVALID_CODE);
    expect(await activityLines(h.db, bob.user.id)).toContain(
      'login.failed: Failed sign-in attempt (passkey not verified)',
    );
  });

  it('says when the account has no passkey', async () => {
    const user = await h.createUser({ verified: true });
    await enableTwoFactor(user);
    const step = await passwordStep(user);
    expect(step.passkey_available).toBe(false);
    const options = await h.rest('POST', '/auth/passkey/options', {
      body: { challenge_token: step.challenge_token },
    });
    expect(options.status).toBe(400);
    expect(options.body.message).toBe('This account has no passkeys.');
  });
});

describe('managing passkeys', () => {
  it('renames, and answers 404 for a passkey that is not the caller’s', async () => {
    const alice = await withPasskey();
    const bob = await h.createUser({ verified: true });
    const renamed = await h.rest('PATCH', `/passkeys/${alice.uuid}`, {
      token: alice.user.token,
      body: { name: 'Home desktop' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      message: 'Passkey renamed.',
      data: { name: 'Home desktop' },
    });
    for (const [method, options] of [
      ['PATCH', { body: { name: 'Mine now' } }],
      ['DELETE', { query: { password: bob.password } }],
    ] as const) {
      const res = await h.rest(method, `/passkeys/${alice.uuid}`, { token: bob.token, ...options });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Passkey not found.');
    }
    const list = await h.rest('GET', '/passkeys', { token: alice.user.token });
    expect(list.body.data.map((p: Json) => p.name)).toEqual(['Home desktop']);
  });

  it('needs the password to remove the last passkey while two-factor is off', async () => {
    const { user, device, uuid } = await withPasskey();
    const second = await registerPasskey(h, user.token, device, 'Phone');

    // Not the last one: no password needed.
    expect((await h.rest('DELETE', `/passkeys/${second}`, { token: user.token })).status).toBe(200);

    const bare = await h.rest('DELETE', `/passkeys/${uuid}`, { token: user.token });
    expect(bare.status).toBe(422);
    expect(bare.body.message).toBe(
      'Enter your password or a current authentication code to remove your last passkey.',
    );
    const wrong = await h.rest('DELETE', `/passkeys/${uuid}`, {
      token: user.token,
      query: { password: 'not my password' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password).toEqual(['The password or code is incorrect.']);
    const removed = await h.rest('DELETE', `/passkeys/${uuid}`, {
      token: user.token,
      query: { password: user.password },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('Passkey removed.');
    expect((await h.rest('GET', '/passkeys', { token: user.token })).body.data).toEqual([]);
    expect(await activityLines(h.db, user.id)).toContain(
      'passkey.removed: Removed a passkey ("Office laptop")',
    );
    expect(await mailKinds(user.id)).toContain('passkey-removed');
  });

  it('allows five wrong passwords a minute for the last passkey, like the other password checks', async () => {
    const { user, uuid } = await withPasskey();
    const wrong = () =>
      h.rest('DELETE', `/passkeys/${uuid}`, {
        token: user.token,
        query: { password: 'not my password' },
      });
    for (let i = 0; i < 5; i += 1) expect((await wrong()).status).toBe(422);
    const spent = await wrong();
    expect(spent.status).toBe(429);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(0);
    h.clock.advance(61_000);
    const removed = await h.rest('DELETE', `/passkeys/${uuid}`, {
      token: user.token,
      query: { password: user.password },
    });
    expect(removed.status).toBe(200);
  });

  it('removes the last passkey without a password when two-factor is on', async () => {
    const { user, uuid } = await withPasskey();
    await enableTwoFactor(user);
    const res = await h.trpc('mutation', 'passkeys.remove', { uuid }, { token: user.token });
    expect(res.status).toBe(200);
  });

  it('documents the seven operations on the REST door', async () => {
    const doc = (await h.rest('GET', '/openapi.json')).body as Json;
    const ops = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.keys(item as Json).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(ops).toEqual(
      expect.arrayContaining([
        'POST /passkeys/registration/options',
        'POST /passkeys/registration/verify',
        'GET /passkeys',
        'PATCH /passkeys/{uuid}',
        'DELETE /passkeys/{uuid}',
        'POST /auth/passkey/options',
        'POST /auth/passkey/verify',
      ]),
    );
  });
});
