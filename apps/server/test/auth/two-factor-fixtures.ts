import { expect } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { valuesWhere } from '../../src/testing/recorded-rows';
import { totp } from '../../src/testing/totp';
import { enableTwoFactor, signIn } from './fixtures';

type Headers = Record<string, string>;
type TwoFactorUser = { email: string; password: string; secret: string };

/** The two steps of a two-factor sign-in, on the harness `harness()` answers when they run. */
export function twoFactorSignIn(harness: () => TestHarness) {
  const verify = (body: Record<string, unknown>, headers?: Headers) =>
    harness().rest('POST', '/auth/two-factor/verify', { body, headers });

  /** The password step of one sign-in: its challenge token (and the cookie that carries it). */
  async function passwordStep(user: { email: string; password: string }): Promise<string> {
    const res = await signIn(harness(), user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.data.two_factor_required).toBe(true);
    const token = res.body.data.challenge_token as string;
    expect(token).toMatch(/^[\w-]{43}$/);
    return token;
  }

  /** A user with two-factor on, its secret and recovery codes; the confirming code's step used up. */
  async function userWithTwoFactor() {
    const h = harness();
    const user = await h.createUser();
    const { secret, recoveryCodes } = await enableTwoFactor(h, user);
    h.clock.advance(60_000); // the confirming code's step is used up
    return { ...user, secret, recoveryCodes };
  }

  return {
    login: (email: string, password: string) => signIn(harness(), email, password),
    verify,
    passwordStep,
    /** The authenticator's current code for `secret`. */
    codeNow: (secret: string) => totp(secret, harness().clock.now()),
    /** The current code of `user` on `challenge`. */
    verifyNow: (user: TwoFactorUser, challenge: string) =>
      verify({
        email: user.email,
        code: totp(user.secret, harness().clock.now()),
        challenge_token: challenge,
      }),
    userWithTwoFactor,
    /** A user with two-factor on (as userWithTwoFactor) past the password step, and its challenge. */
    async challengedUser() {
      const user = await userWithTwoFactor();
      return { user, challenge: await passwordStep(user) };
    },
    sessionCount: async (userId: number) =>
      (await valuesWhere(harness().db, 'sessions', 'id', 'user_id', userId)).length,
    wrongCode: (secret: string) =>
      totp(secret, harness().clock.now()) === '000000' ? '111111' : '000000',
  };
}

export const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const value = res.headers['set-cookie'];
  if (value === undefined) return [];
  return Array.isArray(value) ? (value as string[]) : [value as string];
};
