import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { useHarness } from '../../src/testing/use-harness';
import { rowsOfUser } from './fixtures';
import { setCookies, twoFactorSignIn } from './two-factor-fixtures';

let h: TestHarness;
useHarness((made) => (h = made));

const {
  login,
  verify,
  verifyNow,
  codeNow,
  passwordStep,
  userWithTwoFactor,
  challengedUser,
  sessionCount,
} = twoFactorSignIn(() => h);

describe('two-factor sign-in', () => {
  it('a correct password opens a challenge instead of a session; a good code finishes sign-in', async () => {
    const user = await userWithTwoFactor();
    const sessionsBefore = await sessionCount(user.id);
    const res = await login(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Two-factor authentication required',
      data: {
        two_factor_required: true,
        email: user.email,
        challenge_token: expect.stringMatching(/^[\w-]{43}$/),
        passkey_available: false,
      },
    });
    expect(await sessionCount(user.id)).toBe(sessionsBefore);

    const ok = await verifyNow(user, res.body.data.challenge_token);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Two-factor authentication successful');
    expect(ok.body.data.user.email).toBe(user.email);
    expect(ok.body.data.user.two_factor_enabled).toBe(true);
    expect((await h.rest('GET', '/user', { token: ok.body.data.token })).status).toBe(200);
  });

  it('the challenge is stored only as its SHA-256, one row per password step', async () => {
    const user = await userWithTwoFactor();
    const first = await passwordStep(user);
    const second = await passwordStep(user);
    const rows = await rowsOfUser(h, 'login_challenges', user.id);
    expect(rows.map((r) => r.token_hash).sort()).toEqual(
      [first, second].map((t) => createHash('sha256').update(t).digest('hex')).sort(),
    );
    expect(JSON.stringify(rows)).not.toContain(first);
    expect(JSON.stringify(rows)).not.toContain(second);
  });

  it('sets the challenge as an HttpOnly SameSite=Strict cookie for both doors, cleared by verify', async () => {
    const user = await userWithTwoFactor();
    const res = await login(user.email, user.password);
    const token = res.body.data.challenge_token as string;
    const cookies = setCookies(res);
    expect(cookies).toEqual([
      `scmp_login_challenge=${token}; Max-Age=300; Path=/api/v1/auth/two-factor; HttpOnly; SameSite=Strict`,
      `scmp_login_challenge=${token}; Max-Age=300; Path=/trpc; HttpOnly; SameSite=Strict`,
    ]);

    // The browser sends only the cookie: enough for the sign-in it belongs to.
    const ok = await verify(
      { email: user.email, code: codeNow(user.secret), type: 'totp' },
      { cookie: `theme=dark; scmp_login_challenge=${token}` },
    );
    expect(ok.status).toBe(200);
    expect(setCookies(ok)).toEqual([
      'scmp_login_challenge=; Max-Age=0; Path=/api/v1/auth/two-factor; HttpOnly; SameSite=Strict',
      'scmp_login_challenge=; Max-Age=0; Path=/trpc; HttpOnly; SameSite=Strict',
    ]);
  });

  it('works through the tRPC door with the cookie, as the web app signs in', async () => {
    const user = await userWithTwoFactor();
    const res = await h.trpc('mutation', 'auth.login', {
      email: user.email,
      password: user.password,
    });
    expect(res.status).toBe(200);
    const data = res.body.result.data.data;
    expect(data.two_factor_required).toBe(true);
    const cookie = setCookies(res).find((c) => c.includes('Path=/trpc'))!;
    expect(cookie).toContain(`scmp_login_challenge=${data.challenge_token};`);

    const anonymous = await h.trpc('mutation', 'auth.twoFactorVerify', {
      email: user.email,
      code: codeNow(user.secret),
    });
    expect(anonymous.status).toBe(422);
    expect(anonymous.body.error.message).toBe('Invalid verification code');

    const ok = await h.trpc(
      'mutation',
      'auth.twoFactorVerify',
      { email: user.email, code: codeNow(user.secret) },
      { headers: { cookie: cookie.split(';')[0]! } },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.result.data.data.token).toBeTruthy();
    expect(setCookies(ok).some((c) => c.startsWith('scmp_login_challenge=; Max-Age=0'))).toBe(true);
  });

  it('a client that never sent the password cannot use the open challenge (two-client attack)', async () => {
    const user = await userWithTwoFactor();
    const sessionsBefore = await sessionCount(user.id);
    // Client A proves the password.
    const challenge = await passwordStep(user);
    // Client B, with no cookie and no challenge, only the code.
    const code = codeNow(user.secret);
    const attack = await verify(
      { email: user.email, code, type: 'totp' },
      { 'user-agent': 'client-b/1.0' },
    );
    expect(attack.status).toBe(422);
    expect(attack.body).toMatchObject({ success: false, message: 'Invalid verification code' });
    expect(attack.body.data).toBeUndefined();
    expect(await sessionCount(user.id)).toBe(sessionsBefore);
    // A forged challenge does no better.
    const forged = await verify({
      email: user.email,
      code,
      type: 'totp',
      challenge_token: 'A'.repeat(43),
    });
    expect(forged.status).toBe(422);
    expect(forged.body.message).toBe('Invalid verification code');
    expect(await sessionCount(user.id)).toBe(sessionsBefore);

    // The same code still works for client A, which holds the challenge.
    const ok = await verify({ email: user.email, code, type: 'totp', challenge_token: challenge });
    expect(ok.status).toBe(200);
    expect(await sessionCount(user.id)).toBe(sessionsBefore + 1);
  });

  it('a recovery code needs the challenge too, and is not spent by a refused attempt', async () => {
    const { user, challenge } = await challengedUser();
    const code = user.recoveryCodes[0]!;
    const attack = await verify({ email: user.email, code, type: 'recovery' });
    expect(attack.status).toBe(422);
    expect(attack.body.message).toBe('Invalid verification code');
    const status = await h.rest('GET', '/two-factor/status', { token: user.token });
    expect(status.body.data.recovery_codes_count).toBe(8);

    const ok = await verify({
      email: user.email,
      code: code.toLowerCase(), // typed lower-case, upper-cased
      type: 'recovery',
      challenge_token: challenge,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.token).toBeTruthy();
  });

  it('the challenge is single use', async () => {
    const { user, challenge } = await challengedUser();
    const first = await verifyNow(user, challenge);
    expect(first.status).toBe(200);
    h.clock.advance(30_000); // a fresh code: only the challenge is reused
    const reuse = await verifyNow(user, challenge);
    expect(reuse.status).toBe(422);
    expect(reuse.body.message).toBe('Invalid verification code');
    const recovery = await verify({
      email: user.email,
      code: user.recoveryCodes[1]!,
      type: 'recovery',
      challenge_token: challenge,
    });
    expect(recovery.status).toBe(422);
  });

  it('the challenge expires after 5 minutes', async () => {
    const { user, challenge } = await challengedUser();
    h.clock.advance(5 * 60_000 + 1000);
    const res = await verifyNow(user, challenge);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Invalid verification code');
  });

  it("another user's challenge does not sign in", async () => {
    const victim = await userWithTwoFactor();
    const attacker = await userWithTwoFactor();
    const attackerChallenge = await passwordStep(attacker);
    const res = await verifyNow(victim, attackerChallenge);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Invalid verification code');
    const viaCookie = await verify(
      { email: victim.email, code: victim.recoveryCodes[0]!, type: 'recovery' },
      { cookie: `scmp_login_challenge=${attackerChallenge}` },
    );
    expect(viaCookie.status).toBe(422);
    // The attacker's own challenge is untouched by the misuse.
    const own = await verifyNow(attacker, attackerChallenge);
    expect(own.status).toBe(200);
  });

  it("a new password step does not cancel another device's open challenge", async () => {
    const user = await userWithTwoFactor();
    const laptop = await passwordStep(user);
    const phone = await passwordStep(user);
    const onLaptop = await verifyNow(user, laptop);
    expect(onLaptop.status).toBe(200);
    h.clock.advance(30_000);
    const onPhone = await verifyNow(user, phone);
    expect(onPhone.status).toBe(200);
  });
});
