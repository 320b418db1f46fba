import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '@scmp/api';
import { hash } from '@node-rs/argon2';
import { createHarness, type TestHarness } from '../src/testing/harness';

let h: TestHarness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;

async function register(overrides: Record<string, unknown> = {}) {
  return h.rest('POST', '/auth/register', {
    body: {
      name: 'Ada Lovelace',
      email: `ada-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'analytical engine 1843',
      password_confirmation: 'analytical engine 1843',
      ...overrides,
    },
  });
}

describe('registration', () => {
  it('creates the account, signs it in (201) and sends a verification e-mail', async () => {
    const res = await register({ email: '  Grace.Hopper@Example.COM ' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.token).toMatch(/^[\w-]{43}$/);
    expect(res.body.data.user).toMatchObject({
      name: 'Ada Lovelace',
      email: 'grace.hopper@example.com',
      email_verified_at: null,
      two_factor_enabled: false,
    });
    expect(res.body.data.user.id).toBe(res.body.data.user.uuid);
    expect(JSON.stringify(res.body)).not.toMatch(/password_hash|argon2/);
    const me = await h.rest('GET', '/user', { token: res.body.data.token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('grace.hopper@example.com');
    const mail = await h.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'grace.hopper@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.kind).toBe('verify-email');
    expect(mail.text).toContain('http://localhost:3000/verify-email/');
  });

  it('stores only a hash of the session token', async () => {
    const res = await register();
    const token: string = res.body.data.token;
    const rows = await h.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.some((r) => r.token_hash.length === 64)).toBe(true);
  });

  it('rejects a duplicate e-mail case-insensitively with a field error', async () => {
    const email = `dup-${Date.now()}@example.com`;
    expect((await register({ email })).status).toBe(201);
    const again = await register({ email: email.toUpperCase() });
    expect(again.status).toBe(422);
    expect(again.body.errors.email).toEqual(['An account with this email address already exists.']);
  });

  it('answers field errors with readable texts', async () => {
    const res = await h.rest('POST', '/auth/register', {
      body: { name: '', email: 'not-an-email', password: 'short', password_confirmation: 'x' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(['The name field is required.']);
    expect(res.body.errors.email).toEqual(['Please enter a valid email address.']);
    expect(res.body.errors.password).toContain('Password must be at least 8 characters');
  });

  it('rejects mismatched confirmation, common passwords, and accepts 128+ characters', async () => {
    const mismatch = await register({ password_confirmation: 'something else entirely' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.password_confirmation).toEqual(['Passwords do not match']);
    const common = await register({ password: 'Password1', password_confirmation: 'Password1' });
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toEqual([
      'This password is too common. Please choose a less common password.',
    ]);
    const long = 'x'.repeat(60) + ' long passphrase ' + 'y'.repeat(80);
    expect((await register({ password: long, password_confirmation: long })).status).toBe(201);
  });

  it('works on the tRPC door too', async () => {
    const res = await h.trpc('mutation', 'auth.register', {
      name: 'Trpc User',
      email: `trpc-${Date.now()}@example.com`,
      password: 'a perfectly fine pass',
      password_confirmation: 'a perfectly fine pass',
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data.data.token).toBeTruthy();
  });
});

describe('login', () => {
  it('signs in with the right password and returns user and token', async () => {
    const user = await h.createUser();
    const res = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(user.email);
    const me = await h.rest('GET', '/user', { token: res.body.data.token });
    expect(me.status).toBe(200);
    const activity = await h.db
      .selectFrom('activity_events')
      .select(['action', 'severity'])
      .where('user_id', '=', user.id)
      .execute();
    expect(activity).toContainEqual({ action: 'login.success', severity: 'info' });
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const user = await h.createUser();
    const wrong = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: 'not the password' },
    });
    const unknown = await h.rest('POST', '/auth/login', {
      body: { email: `nobody-${Date.now()}@example.com`, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    const failed = await h.db
      .selectFrom('activity_events')
      .select(['action', 'severity'])
      .where('user_id', '=', user.id)
      .execute();
    expect(failed).toContainEqual({ action: 'login.failed', severity: 'medium' });
  });

  it('takes roughly the same time for an unknown e-mail as for a wrong password', async () => {
    const user = await h.createUser();
    const time = async (email: string) => {
      const started = performance.now();
      await h.rest('POST', '/auth/login', {
        body: { email, password: 'not the password' },
      });
      return performance.now() - started;
    };
    const median = (values: number[]) =>
      values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    await time('warm-up@example.com');
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 4; i++) {
      wrongTimes.push(await time(user.email));
      unknownTimes.push(await time(`ghost${i}@example.com`));
    }
    // Both pay one argon2id verify; without the dummy hash the unknown case would be ~20x faster.
    // Medians and a loose ratio keep the check meaningful on a busy machine.
    expect(median(unknownTimes)).toBeGreaterThan(median(wrongTimes) * 0.35);
  });

  it('throttles 5 attempts a minute per e-mail and IP, with Retry-After, Unicode forms sharing a bucket', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await h.rest('POST', '/auth/login', {
        body: {
          email: i % 2 ? 'test@example.com' : 'ⓣⓔⓢⓣ@ⓔⓧⓐⓜⓟⓛⓔ.ⓒⓞⓜ',
          password: 'wrong password',
        },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await h.rest('POST', '/auth/login', {
      body: { email: 'ⓣⓔⓢⓣ@ⓔⓧⓐⓜⓟⓛⓔ.ⓒⓞⓜ', password: 'wrong password' },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(
      /Too many login attempts\. Please try again in \d+ seconds?\./,
    );
    const plain = await h.rest('POST', '/auth/login', {
      body: { email: ' TEST@example.com', password: 'wrong password' },
    });
    expect(plain.status).toBe(429);
    h.clock.advance(61_000);
    const later = await h.rest('POST', '/auth/login', {
      body: { email: 'test@example.com', password: 'wrong password' },
    });
    expect(later.status).toBe(401);
  });

  it('upgrades a hash made with weaker argon2 settings on the next successful login', async () => {
    const user = await h.createUser();
    const weak = await hash(user.password, {
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await h.db
      .updateTable('users')
      .set({ password_hash: weak })
      .where('id', '=', user.id)
      .execute();
    const res = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
    const row = await h.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toBe(weak);
    expect(row.password_hash).toContain('m=9216,t=4,p=1');
  });

  it('lets an unverified user sign in with limited access; verified-only actions answer 403', async () => {
    const user = await h.createUser({ verified: false });
    const res = await h.rest('POST', '/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.email_verified_at).toBeNull();
    // A verified-only action (creating an organization) answers 403 with the flag and the notice.
    const create = await h.rest('POST', '/organizations', {
      token: res.body.data.token,
      body: { name: 'Unverified Org' },
    });
    expect(create.status).toBe(403);
    expect(create.body).toMatchObject({
      email_verification_required: true,
      email: user.email,
      message:
        'Please verify your email address before signing in. Check your inbox for the verification email.',
    });
  });

  it('validates the login payload', async () => {
    const res = await h.rest('POST', '/auth/login', {
      body: { email: '', password: '' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['The email field is required.']);
    expect(res.body.errors.password).toEqual(['The password field is required.']);
  });
});

describe('AUTH_REQUIRE_VERIFIED_LOGIN', () => {
  it('refuses an unverified login with 403 and the notice', async () => {
    const strict = await createHarness({ requireVerifiedLogin: true });
    try {
      const user = await strict.createUser({ verified: false });
      const res = await strict.rest('POST', '/auth/login', {
        body: { email: user.email, password: user.password },
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        email_verification_required: true,
        email: user.email,
        message:
          'Please verify your email address before signing in. Check your inbox for the verification email.',
      });
      expect(res.body.token).toBeUndefined();
    } finally {
      await strict.close();
    }
  });
});

describe('sessions', () => {
  it('validate-session answers valid for a live token and 401 without one', async () => {
    const user = await h.createUser();
    const ok = await h.rest('GET', '/auth/validate-session', { token: user.token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, data: { valid: true } });
    const none = await h.rest('GET', '/auth/validate-session');
    expect(none.status).toBe(401);
    expect(none.body.session_expired).toBeUndefined();
    const unknown = await h.rest('GET', '/auth/validate-session', { token: 'made-up-token' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.session_expired).toBeUndefined();
  });

  it('expires after 30 days without activity (session_expired) but not while in use', async () => {
    const user = await h.createUser();
    h.clock.advance(20 * DAY);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
    h.clock.advance(20 * DAY);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
    h.clock.advance(31 * DAY);
    const expired = await h.rest('GET', '/user', { token: user.token });
    expect(expired.status).toBe(401);
    expect(expired.body.session_expired).toBe(true);
    expect(expired.body.message).toBe('Your session has expired. Please log in again.');
  });

  it('refreshes last activity at most once a minute', async () => {
    const user = await h.createUser();
    const lastActive = async () =>
      (
        await h.db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .select('sessions.last_active_at')
          .where('users.id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).last_active_at;
    const first = new Date(await lastActive()).getTime();
    h.clock.advance(30_000);
    await h.rest('GET', '/user', { token: user.token });
    expect(new Date(await lastActive()).getTime()).toBe(first);
    h.clock.advance(31_000);
    await h.rest('GET', '/user', { token: user.token });
    expect(new Date(await lastActive()).getTime()).toBe(first + 61_000);
  });

  it('logout deletes the session on the server', async () => {
    const user = await h.createUser();
    const out = await h.rest('POST', '/auth/logout', { token: user.token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(401);
    const rows = await h.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });
});

it('hashPassword uses argon2id at an OWASP minimum setting (m=9216, t=4, p=1)', async () => {
  expect(await hashPassword('whatever 123')).toMatch(/^\$argon2id\$v=19\$m=9216,t=4,p=1\$/);
});
