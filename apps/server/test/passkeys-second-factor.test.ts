import { describe, expect, it } from 'vitest';
import { type Json, type TestHarness } from '../src/testing/harness';
import { activityLines } from '../src/testing/user-rows';
import { useHarness } from '../src/testing/use-harness';
import { passkeyFixtures, type User } from './passkeys/fixtures';

/** A passkey answering the two-factor step of a password sign-in. */
let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });
const { INVALID_CODE, withPasskey, enableTwoFactor } = passkeyFixtures(() => h);

describe('a passkey answering the two-factor step', () => {
  async function passwordStep(user: User) {
    const login = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.body.data.two_factor_required).toBe(true);
    return login.body.data as Json;
  }
  const passkeyOptions = (challengeToken: string) =>
    h.rest('POST', '/auth/passkey/options', { body: { challenge_token: challengeToken } });
  /** The two-factor step answered with a passkey (no challenge token when it is undefined). */
  const verifyByPasskey = (email: string, challengeToken: string | undefined, response: unknown) =>
    h.rest('POST', '/auth/two-factor/verify', {
      body: { email, type: 'passkey', challenge_token: challengeToken, passkey_response: response },
    });

  it('works for the sign-in that passed the password step, with that account’s passkeys only', async () => {
    const { user, device } = await withPasskey('Security key');
    await enableTwoFactor(user);
    const step = await passwordStep(user);
    expect(step.passkey_available).toBe(true);
    const options = await passkeyOptions(step.challenge_token);
    expect(options.status).toBe(200);
    expect(options.body.data).not.toHaveProperty('challenge_token');
    expect(options.body.data.options.allowCredentials).toEqual([
      { id: device.credentials[0]!.id, type: 'public-key', transports: ['internal'] },
    ]);
    const res = await verifyByPasskey(
      user.email,
      step.challenge_token,
      device.assert(options.body.data.options),
    );
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
    const noStep = await passkeyOptions('made-up-token');
    expect(noStep.status).toBe(422);
    const aliceStep = await passwordStep(alice.user);
    const aliceOptions = (await passkeyOptions(aliceStep.challenge_token)).body.data
      .options as Json;
    const withoutToken = await verifyByPasskey(
      alice.user.email,
      undefined,
      alice.device.assert(aliceOptions as never),
    );
    expect(withoutToken.status).toBe(422);
    expect(withoutToken.body.message).toBe(INVALID_CODE);

    // Another sign-in of the same account: its challenge was not opened for that step.
    const secondStep = await passwordStep(alice.user);
    const crossed = await verifyByPasskey(
      alice.user.email,
      secondStep.challenge_token,
      alice.device.assert(aliceOptions as never),
    );
    expect(crossed.status).toBe(422);

    // Bob's password step answered with Alice's passkey.
    const bobStep = await passwordStep(bob.user);
    const bobOptions = (await passkeyOptions(bobStep.challenge_token)).body.data.options as Json;
    const foreign = await verifyByPasskey(
      bob.user.email,
      bobStep.challenge_token,
      alice.device.assert({ ...bobOptions, allowCredentials: [] } as never),
    );
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
    const options = await passkeyOptions(step.challenge_token);
    expect(options.status).toBe(400);
    expect(options.body.message).toBe('This account has no passkeys.');
  });
});
