import { generateSync } from 'otplib';
import { expect } from 'vitest';
import { type Json, type TestHarness } from '../../src/testing/harness';
import { authenticatorFor, registerPasskey } from '../../src/testing/passkey-helpers';
import type { SoftwareAuthenticator } from '../../src/testing/software-authenticator';

export type User = Awaited<ReturnType<TestHarness['createUser']>>;

/**
 * What the passkey tests share: the texts they expect, a user with a registered passkey, two-factor
 * turned on, a sign-in through the REST door and the mail a user was sent.
 */
export function passkeyFixtures(harness: () => TestHarness) {
  const NOT_REGISTERED = 'This passkey is not registered. Sign in with your password.';
  const NOT_VERIFIED = 'The passkey could not be verified. Please try again.';
  const EXPIRED = 'The passkey request has expired or was already used. Please try again.';
  const INVALID_CODE = 'Invalid verification code';

  const totp = (secret: string) =>
    generateSync({ secret, epoch: Math.floor(harness().clock.now().getTime() / 1000) });

  async function withPasskey(name = 'Office laptop') {
    const user = await harness().createUser({ verified: true });
    const device = authenticatorFor(harness());
    const uuid = await registerPasskey(harness(), user.token, device, name);
    return { user, device, uuid };
  }

  async function enableTwoFactor(user: User): Promise<string> {
    const enabled = await harness().rest('POST', '/two-factor/enable', {
      token: user.token,
      body: { password: user.password },
    });
    const secret = enabled.body.data.secret as string;
    const confirmed = await harness().rest('POST', '/two-factor/confirm', {
      token: user.token,
      body: { code: totp(secret) },
    });
    expect(confirmed.status).toBe(200);
    harness().clock.advance(60_000); // the confirming code's step is used up
    return secret;
  }

  async function signInOptions(): Promise<{ token: string; options: Json; cookies: string[] }> {
    const res = await harness().rest('POST', '/auth/passkey/options', { body: {} });
    expect(res.status).toBe(200);
    return {
      token: res.body.data.challenge_token as string,
      options: res.body.data.options as Json,
      cookies: ([] as string[]).concat((res.headers['set-cookie'] as string[] | string) ?? []),
    };
  }

  async function signIn(device: SoftwareAuthenticator, overrides = {}) {
    const { token, options } = await signInOptions();
    return harness().rest('POST', '/auth/passkey/verify', {
      body: { challenge_token: token, response: device.assert(options as never, overrides) },
    });
  }

  async function mailKinds(userId: number): Promise<string[]> {
    const rows = await harness()
      .db.selectFrom('mail_outbox')
      .select('kind')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.kind);
  }
  return {
    NOT_REGISTERED,
    NOT_VERIFIED,
    EXPIRED,
    INVALID_CODE,
    totp,
    withPasskey,
    enableTwoFactor,
    signInOptions,
    signIn,
    mailKinds,
  };
}
