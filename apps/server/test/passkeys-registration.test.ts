import { describe, expect, it } from 'vitest';
import { type Json, type TestHarness } from '../src/testing/harness';
import { authenticatorFor, registerPasskey } from '../src/testing/passkey-helpers';
import { activityLines } from '../src/testing/user-rows';
import { useHarness } from '../src/testing/use-harness';
import { passkeyFixtures } from './passkeys/fixtures';

/**
 * Passkeys end to end through both doors, with a software authenticator (P-256 keys, 'none'
 * attestation, signed assertions) standing in for the browser and the device: adding and managing.
 */
let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });
const { NOT_VERIFIED, EXPIRED, withPasskey, enableTwoFactor, mailKinds } = passkeyFixtures(() => h);

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
