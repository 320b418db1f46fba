import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { activityOf } from '../../src/testing/recorded-rows';
import { useHarness } from '../../src/testing/use-harness';
import { setCookies, twoFactorSignIn } from './two-factor-fixtures';

let h: TestHarness;
useHarness((made) => (h = made));

const { verify, verifyNow, codeNow, passwordStep, challengedUser, wrongCode } = twoFactorSignIn(
  () => h,
);

/** A wrong code for `user` on `challenge`. */
const wrongTry = (user: { email: string; secret: string }, challenge: string) =>
  verify({ email: user.email, code: wrongCode(user.secret), challenge_token: challenge });

describe('two-factor sign-in', () => {
  it('closes the challenge after 5 wrong codes', async () => {
    const { user, challenge } = await challengedUser();
    const other = await passwordStep(user);
    for (let i = 0; i < 5; i++) {
      const res = await wrongTry(user, challenge);
      expect(res.status).toBe(422);
      h.clock.advance(61_000); // stay under the 5-per-minute throttle
    }
    const good = await verifyNow(user, challenge);
    expect(good.status).toBe(422);
    expect(good.body.message).toBe('Invalid verification code');
    // Only that sign-in's challenge died.
    const elsewhere = await verifyNow(user, other);
    expect(elsewhere.status).toBe(422); // 5 minutes and more have passed: expired
    const fresh = await passwordStep(user);
    expect((await verifyNow(user, fresh)).status).toBe(200);
  });

  it('wrong codes count per challenge: 4 wrong, then the right one still works', async () => {
    const { user, challenge } = await challengedUser();
    for (let i = 0; i < 4; i++) {
      const res = await wrongTry(user, challenge);
      expect(res.status).toBe(422);
    }
    const ok = await verifyNow(user, challenge);
    expect(ok.status).toBe(200);
  });

  it('throttles 5 tries a minute per e-mail and IP', async () => {
    const { user, challenge } = await challengedUser();
    for (let i = 0; i < 5; i++) await verify({ email: user.email, code: '12345' });
    const blocked = await verifyNow(user, challenge);
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
    const code = codeNow(secret);
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
      { email: user.email, code: codeNow(secret) },
      { headers: { cookie } },
    );
    expect(next.status).toBe(200);
    const failures = await activityOf(h.db, user.id, 'login.failed');
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
