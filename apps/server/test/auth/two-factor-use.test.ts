import { describe, expect, it } from 'vitest';
import { verifyUserTwoFactorCode } from '../../../../packages/api/src/domain/two-factor/verify-code';
import type { TestHarness } from '../../src/testing/harness';
import { totp } from '../../src/testing/totp';
import { useHarness } from '../../src/testing/use-harness';
import { enableTwoFactor, mailKindsOf, signIn, T0, twoFactorCalls } from './fixtures';

let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });
const twoFactor = twoFactorCalls(() => h);

const shift = (steps: number) => new Date(h.clock.now().getTime() + steps * 30_000);

async function enableFor(user: { token: string; password: string }) {
  h.clock.set(T0);
  const { secret, recoveryCodes } = await enableTwoFactor(h, user);
  return { secret, codes: recoveryCodes };
}

/** One sign-in of `user`: `passwordStep()` opens its challenge, `verify(code)` answers it. */
function challengeOf(user: { email: string; password: string }) {
  let challenge: string | undefined;
  return {
    passwordStep: async () => {
      const res = await signIn(h, user.email, user.password);
      challenge = res.body.data.challenge_token as string;
      return res;
    },
    verify: (code: string, type = 'totp') =>
      h.rest('POST', '/auth/two-factor/verify', {
        body: { email: user.email, code, type, challenge_token: challenge },
      }),
  };
}

describe('two-factor lifecycle', () => {
  it('accepts ±1 step of drift, refuses ±2 and replays', async () => {
    const user = await h.createUser({ verified: true });
    const { secret } = await enableFor(user);
    const accepts = (code: string) => verifyUserTwoFactorCode(h.deps, user.id, code, 'totp');
    // the confirming step is already used: the same code is a replay
    expect(await accepts(totp(secret, T0))).toBe(false);

    h.clock.set(new Date(T0.getTime() + 10 * 30_000));
    expect(await accepts(totp(secret, shift(-2)))).toBe(false);
    expect(await accepts(totp(secret, shift(2)))).toBe(false);
    expect(await accepts(totp(secret, shift(-1)))).toBe(true);
    // replay of the same step
    expect(await accepts(totp(secret, shift(-1)))).toBe(false);
    expect(await accepts(totp(secret, shift(1)))).toBe(true);
    // an earlier step after a later one was accepted is refused
    expect(await accepts(totp(secret, shift(0)))).toBe(false);
    expect(await accepts('abcdef')).toBe(false);
  });

  it('uses each recovery code once, and regeneration replaces them all', async () => {
    const user = await h.createUser({ verified: true });
    const { codes } = await enableFor(user);
    expect(
      await verifyUserTwoFactorCode(h.deps, user.id, codes[0]!.toLowerCase(), 'recovery'),
    ).toBe(true);
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codes[0]!, 'recovery')).toBe(false);
    const status = await twoFactor.status(user);
    expect(status.body.data.recovery_codes_count).toBe(7);
    expect(await mailKindsOf(h, user.id)).toContain('two-factor-recovery-code-used');

    const blank = await twoFactor.withPassword('recovery-codes', user, '   ');
    expect(blank.status).toBe(422);
    const wrong = await twoFactor.withPassword('recovery-codes', user, 'not-my-password');
    expect(wrong.status).toBe(422);
    const fresh = await twoFactor.withPassword('recovery-codes', user, user.password);
    expect(fresh.status).toBe(200);
    expect(fresh.body.message).toBe('New recovery codes generated successfully!');
    expect(fresh.body.data.recovery_codes).toHaveLength(8);
    expect(await verifyUserTwoFactorCode(h.deps, user.id, codes[1]!, 'recovery')).toBe(false);
    expect(
      await verifyUserTwoFactorCode(h.deps, user.id, fresh.body.data.recovery_codes[0], 'recovery'),
    ).toBe(true);
  });

  it('signs in through the challenge with TOTP and recovery codes', async () => {
    const user = await h.createUser({ verified: true });
    const { secret, codes } = await enableFor(user);
    const { verify, passwordStep } = challengeOf(user);

    // without the password step a right code fails like a wrong one
    h.clock.set(new Date(T0.getTime() + 5 * 30_000));
    const early = await verify(totp(secret, h.clock.now()));
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('Invalid verification code');

    const login = await passwordStep();
    expect(login.body).toMatchObject({
      success: true,
      message: 'Two-factor authentication required',
      data: { two_factor_required: true, email: user.email },
    });
    expect(login.body.data.token).toBeUndefined();
    const ok = await verify(totp(secret, h.clock.now()));
    expect(ok.status).toBe(200);
    expect(typeof ok.body.data.token).toBe('string');

    // replay of the same code with a fresh challenge
    await passwordStep();
    expect((await verify(totp(secret, h.clock.now()))).status).toBe(422);
    const rec = await verify(codes[2]!.toLowerCase(), 'recovery');
    expect(rec.status).toBe(200);
    const status = await twoFactor.status(user);
    expect(status.body.data.recovery_codes_count).toBe(7);

    // challenge expiry (5 minutes)
    await passwordStep();
    h.clock.set(new Date(h.clock.now().getTime() + 6 * 60_000));
    expect((await verify(totp(secret, h.clock.now()))).status).toBe(422);

    // wrong type / format are validation errors, not 500s
    const badType = await h.rest('POST', '/auth/two-factor/verify', {
      body: { email: user.email, code: '123456', type: 'sms' },
    });
    expect(badType.status).toBe(422);
    expect((await verify('12ab56')).status).toBe(422);
    expect((await verify('1234567')).status).toBe(422);
  });

  it('closes the challenge after 5 wrong codes and throttles verification', async () => {
    const user = await h.createUser({ verified: true });
    const { secret } = await enableFor(user);
    h.clock.set(new Date(T0.getTime() + 20 * 30_000));
    const { verify, passwordStep } = challengeOf(user);
    await passwordStep();
    for (let i = 0; i < 5; i++) expect((await verify('000000')).status).toBe(422);
    expect((await verify(totp(secret, h.clock.now()))).status).toBe(429);
    await h.deps.rateLimiter.resetAll();
    // the challenge is closed: even the right code fails until the password is entered again
    expect((await verify(totp(secret, h.clock.now()))).status).toBe(422);
    await passwordStep();
    h.clock.set(new Date(h.clock.now().getTime() + 30_000));
    expect((await verify(totp(secret, h.clock.now()))).status).toBe(200);
  });
});
