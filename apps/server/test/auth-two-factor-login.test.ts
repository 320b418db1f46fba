import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type TestHarness } from '../src/testing/harness';

let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** RFC 6238 (SHA-1, 6 digits, 30 s), as an authenticator app computes it. */
function totp(secretBase32: string, at: Date): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of secretBase32.replace(/=+$/, ''))
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 30_000)));
  const d = createHmac('sha1', key).update(counter).digest();
  const o = d[d.length - 1]! & 0x0f;
  const n = ((d[o]! & 0x7f) << 24) | (d[o + 1]! << 16) | (d[o + 2]! << 8) | d[o + 3]!;
  return String(n % 1_000_000).padStart(6, '0');
}

async function userWithTwoFactor() {
  const user = await h.createUser();
  const enable = await h.rest('POST', '/two-factor/enable', { token: user.token, body: {} });
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
const verify = (body: Record<string, unknown>) =>
  h.rest('POST', '/auth/two-factor/verify', { body });

describe('two-factor sign-in', () => {
  it('a correct password opens a challenge instead of a session; a good code finishes sign-in', async () => {
    const user = await userWithTwoFactor();
    const sessionsBefore = await h.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    const res = await login(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: 'Two-factor authentication required',
      data: { two_factor_required: true, email: user.email },
    });
    const sessionsAfter = await h.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessionsAfter).toHaveLength(sessionsBefore.length);

    const ok = await verify({ email: user.email, code: totp(user.secret, h.clock.now()) });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user.email).toBe(user.email);
    expect(ok.body.data.user.two_factor_enabled).toBe(true);
    expect((await h.rest('GET', '/user', { token: ok.body.data.token })).status).toBe(200);
  });

  it('answers Invalid verification code without a challenge, and the challenge is single use', async () => {
    const user = await userWithTwoFactor();
    const noChallenge = await verify({ email: user.email, code: totp(user.secret, h.clock.now()) });
    expect(noChallenge.status).toBe(422);
    expect(noChallenge.body.message).toBe('Invalid verification code');
    await login(user.email, user.password);
    h.clock.advance(30_000);
    expect(
      (await verify({ email: user.email, code: totp(user.secret, h.clock.now()) })).status,
    ).toBe(200);
    h.clock.advance(30_000);
    const reuse = await verify({ email: user.email, code: totp(user.secret, h.clock.now()) });
    expect(reuse.status).toBe(422);
  });

  it('accepts a recovery code (lower-case typed is upper-cased)', async () => {
    const user = await userWithTwoFactor();
    await login(user.email, user.password);
    const res = await verify({
      email: user.email,
      code: user.recoveryCodes[0]!.toLowerCase(),
      type: 'recovery',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBeTruthy();
  });

  it('closes the challenge after 5 wrong codes', async () => {
    const user = await userWithTwoFactor();
    await login(user.email, user.password);
    for (let i = 0; i < 5; i++) {
      const res = await verify({
        email: user.email,
        code: '000000' === totp(user.secret, h.clock.now()) ? '111111' : '000000',
      });
      expect(res.status).toBe(422);
      h.clock.advance(61_000); // stay under the 5-per-minute throttle
    }
    const good = await verify({ email: user.email, code: totp(user.secret, h.clock.now()) });
    expect(good.status).toBe(422);
    expect(good.body.message).toBe('Invalid verification code');
  });

  it('the challenge expires after 5 minutes', async () => {
    const user = await userWithTwoFactor();
    await login(user.email, user.password);
    h.clock.advance(5 * 60_000 + 1000);
    const res = await verify({ email: user.email, code: totp(user.secret, h.clock.now()) });
    expect(res.status).toBe(422);
  });

  it('throttles 5 tries a minute per e-mail and IP', async () => {
    const user = await userWithTwoFactor();
    await login(user.email, user.password);
    for (let i = 0; i < 5; i++) await verify({ email: user.email, code: '12345' });
    const blocked = await verify({ email: user.email, code: totp(user.secret, h.clock.now()) });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('validates the code by type', async () => {
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ email: 'a@example.com', code: '12a456' }, 422],
      [{ email: 'a@example.com', code: '1234567' }, 422],
      [{ email: 'a@example.com', code: 'ABCD-123', type: 'recovery' }, 422],
      [{ email: 'a@example.com', code: 'ABCDE1234', type: 'recovery' }, 422],
      [{ email: 'a@example.com', code: '123456', type: 'sms' }, 422],
      [{ email: 'a@example.com', code: '' }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await verify(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.errors).toBeDefined();
    }
  });
});
