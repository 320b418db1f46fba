import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { totp } from '../src/testing/totp';
import { useHarness } from '../src/testing/use-harness';

let h: TestHarness;
useHarness((made) => (h = made));

async function userWithTwoFactor() {
  const user = await h.createUser();
  const enable = await h.rest('POST', '/two-factor/enable', {
    token: user.token,
    body: { password: user.password },
  });
  expect(enable.status).toBe(200);
  const secret: string = enable.body.data.secret;
  const confirm = await h.rest('POST', '/two-factor/confirm', {
    token: user.token,
    body: { code: totp(secret, h.clock.now()) },
  });
  expect(confirm.status).toBe(200);
  const recoveryCodes: string[] = confirm.body.data.recovery_codes;
  h.clock.advance(60_000); // the confirming code's step is used up
  return { ...user, secret, recoveryCodes };
}

const login = (email: string, password: string) =>
  h.rest('POST', '/auth/login', { body: { email, password } });
const verify = (body: Record<string, unknown>, headers?: Record<string, string>) =>
  h.rest('POST', '/auth/two-factor/verify', { body, headers });

/** The password step of one sign-in: its challenge token (and the cookie that carries it). */
async function passwordStep(user: { email: string; password: string }): Promise<string> {
  const res = await login(user.email, user.password);
  expect(res.status).toBe(200);
  expect(res.body.data.two_factor_required).toBe(true);
  const token = res.body.data.challenge_token as string;
  expect(token).toMatch(/^[\w-]{43}$/);
  return token;
}

const setCookies = (res: { headers: Record<string, unknown> }): string[] => {
  const value = res.headers['set-cookie'];
  if (value === undefined) return [];
  return Array.isArray(value) ? (value as string[]) : [value as string];
};

const sessionCount = async (userId: number) =>
  (await h.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

const wrongCode = (secret: string) =>
  totp(secret, h.clock.now()) === '000000' ? '111111' : '000000';

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

    const ok = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: res.body.data.challenge_token,
    });
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
    const rows = await h.db
      .selectFrom('login_challenges')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
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
      { email: user.email, code: totp(user.secret, h.clock.now()), type: 'totp' },
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
      code: totp(user.secret, h.clock.now()),
    });
    expect(anonymous.status).toBe(422);
    expect(anonymous.body.error.message).toBe('Invalid verification code');

    const ok = await h.trpc(
      'mutation',
      'auth.twoFactorVerify',
      { email: user.email, code: totp(user.secret, h.clock.now()) },
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
    const code = totp(user.secret, h.clock.now());
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
    const user = await userWithTwoFactor();
    const challenge = await passwordStep(user);
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
    const user = await userWithTwoFactor();
    const challenge = await passwordStep(user);
    const first = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: challenge,
    });
    expect(first.status).toBe(200);
    h.clock.advance(30_000); // a fresh code: only the challenge is reused
    const reuse = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: challenge,
    });
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
    const user = await userWithTwoFactor();
    const challenge = await passwordStep(user);
    h.clock.advance(5 * 60_000 + 1000);
    const res = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: challenge,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Invalid verification code');
  });

  it("another user's challenge does not sign in", async () => {
    const victim = await userWithTwoFactor();
    const attacker = await userWithTwoFactor();
    const attackerChallenge = await passwordStep(attacker);
    const res = await verify({
      email: victim.email,
      code: totp(victim.secret, h.clock.now()),
      challenge_token: attackerChallenge,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Invalid verification code');
    const viaCookie = await verify(
      { email: victim.email, code: victim.recoveryCodes[0]!, type: 'recovery' },
      { cookie: `scmp_login_challenge=${attackerChallenge}` },
    );
    expect(viaCookie.status).toBe(422);
    // The attacker's own challenge is untouched by the misuse.
    const own = await verify({
      email: attacker.email,
      code: totp(attacker.secret, h.clock.now()),
      challenge_token: attackerChallenge,
    });
    expect(own.status).toBe(200);
  });

  it("a new password step does not cancel another device's open challenge", async () => {
    const user = await userWithTwoFactor();
    const laptop = await passwordStep(user);
    const phone = await passwordStep(user);
    const onLaptop = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: laptop,
    });
    expect(onLaptop.status).toBe(200);
    h.clock.advance(30_000);
    const onPhone = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: phone,
    });
    expect(onPhone.status).toBe(200);
  });

  it('closes the challenge after 5 wrong codes', async () => {
    const user = await userWithTwoFactor();
    const challenge = await passwordStep(user);
    const other = await passwordStep(user);
    for (let i = 0; i < 5; i++) {
      const res = await verify({
        email: user.email,
        code: wrongCode(user.secret),
        challenge_token: challenge,
      });
      expect(res.status).toBe(422);
      h.clock.advance(61_000); // stay under the 5-per-minute throttle
    }
    const good = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: challenge,
    });
    expect(good.status).toBe(422);
    expect(good.body.message).toBe('Invalid verification code');
    // Only that sign-in's challenge died.
    const elsewhere = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: other,
    });
    expect(elsewhere.status).toBe(422); // 5 minutes and more have passed: expired
    const fresh = await passwordStep(user);
    expect(
      (
        await verify({
          email: user.email,
          code: totp(user.secret, h.clock.now()),
          challenge_token: fresh,
        })
      ).status,
    ).toBe(200);
  });

  it('wrong codes count per challenge: 4 wrong, then the right one still works', async () => {
    const user = await userWithTwoFactor();
    const challenge = await passwordStep(user);
    for (let i = 0; i < 4; i++) {
      const res = await verify({
        email: user.email,
        code: wrongCode(user.secret),
        challenge_token: challenge,
      });
      expect(res.status).toBe(422);
    }
    const ok = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: challenge,
    });
    expect(ok.status).toBe(200);
  });

  it('throttles 5 tries a minute per e-mail and IP', async () => {
    const user = await userWithTwoFactor();
    const challenge = await passwordStep(user);
    for (let i = 0; i < 5; i++) await verify({ email: user.email, code: '12345' });
    const blocked = await verify({
      email: user.email,
      code: totp(user.secret, h.clock.now()),
      challenge_token: challenge,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('the code that just turned two-factor on says it was just used, through both doors', async () => {
    const user = await h.createUser();
    const enable = await h.rest('POST', '/two-factor/enable', {
      token: user.token,
      body: { password: user.password },
    });
    const secret: string = enable.body.data.secret;
    const code = totp(secret, h.clock.now());
    const confirm = await h.rest('POST', '/two-factor/confirm', {
      token: user.token,
      body: { code },
    });
    expect(confirm.status).toBe(200);

    // REST: the same code at once is the replay block, and says so.
    const reused = await verify({
      email: user.email,
      code,
      challenge_token: await passwordStep(user),
    });
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('This code was just used — wait for the next one');
    expect(reused.body.errors.code).toEqual(['This code was just used — wait for the next one']);
    // A wrong code is still just invalid.
    const wrong = await verify({
      email: user.email,
      code: wrongCode(secret),
      challenge_token: await passwordStep(user),
    });
    expect(wrong.body.message).toBe('Invalid verification code');

    // tRPC, as the web app signs in.
    const login = await h.trpc('mutation', 'auth.login', {
      email: user.email,
      password: user.password,
    });
    const cookie = setCookies(login)
      .find((c) => c.includes('Path=/trpc'))!
      .split(';')[0]!;
    const again = await h.trpc(
      'mutation',
      'auth.twoFactorVerify',
      { email: user.email, code },
      { headers: { cookie } },
    );
    expect(again.status).toBe(422);
    expect(again.body.error.message).toBe('This code was just used — wait for the next one');

    // The next code signs in on the same challenge.
    h.clock.advance(30_000);
    const next = await h.trpc(
      'mutation',
      'auth.twoFactorVerify',
      { email: user.email, code: totp(secret, h.clock.now()) },
      { headers: { cookie } },
    );
    expect(next.status).toBe(200);
    const failures = await h.db
      .selectFrom('activity_events')
      .select('description')
      .where('user_id', '=', user.id)
      .where('action', '=', 'login.failed')
      .execute();
    expect(failures.map((f) => f.description)).toContain(
      'Failed sign-in attempt (two-factor code already used)',
    );
  });

  it('validates the code by type', async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ email: 'a@example.com', code: '12a456' }, 422],
      [{ email: 'a@example.com', code: '1234567' }, 422],
      [{ email: 'a@example.com', code: 'ABCD-123', type: 'recovery' }, 422],
      [{ email: 'a@example.com', code: 'ABCDE1234', type: 'recovery' }, 422],
      [{ email: 'a@example.com', code: '123456', type: 'sms' }, 422],
      [{ email: 'a@example.com', code: '' }, 422],
      [{ email: 'a@example.com', code: '123456', challenge_token: 42 }, 422],
      [{ email: 'a@example.com', code: '123456', challenge_token: 'x'.repeat(201) }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await verify(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.errors).toBeDefined();
    }
  });
});
