import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { useHarness } from '../../src/testing/use-harness';
import { activityOf, signIn, withHarness } from './fixtures';

let h: TestHarness;
useHarness((made) => (h = made));

const VERIFY_NOTICE =
  'Please verify your email address before signing in. Check your inbox for the verification email.';

describe('login', () => {
  it('signs in with the right password and returns user and token', async () => {
    const user = await h.createUser();
    const res = await signIn(h, user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.data.user.email).toBe(user.email);
    const me = await h.rest('GET', '/user', { token: res.body.data.token });
    expect(me.status).toBe(200);
    const activity = await activityOf(h, user.id);
    expect(activity).toContainEqual({ action: 'login.success', severity: 'info' });
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const user = await h.createUser();
    const wrong = await signIn(h, user.email, 'not the password');
    const unknown = await signIn(h, `nobody-${Date.now()}@example.com`, 'not the password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
    const failed = await activityOf(h, user.id);
    expect(failed).toContainEqual({ action: 'login.failed', severity: 'medium' });
  });

  it('takes roughly the same time for an unknown e-mail as for a wrong password', async () => {
    const user = await h.createUser();
    const time = async (email: string) => {
      const started = performance.now();
      await signIn(h, email, 'not the password');
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
      const email = i % 2 ? 'test@example.com' : 'ⓣⓔⓢⓣ@ⓔⓧⓐⓜⓟⓛⓔ.ⓒⓞⓜ';
      const res = await signIn(h, email, 'wrong password');
      expect(res.status).toBe(401);
    }
    const blocked = await signIn(h, 'ⓣⓔⓢⓣ@ⓔⓧⓐⓜⓟⓛⓔ.ⓒⓞⓜ', 'wrong password');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(
      /Too many login attempts\. Please try again in \d+ seconds?\./,
    );
    const plain = await signIn(h, ' TEST@example.com', 'wrong password');
    expect(plain.status).toBe(429);
    h.clock.advance(61_000);
    const later = await signIn(h, 'test@example.com', 'wrong password');
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
    const res = await signIn(h, user.email, user.password);
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
    const res = await signIn(h, user.email, user.password);
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
      message: VERIFY_NOTICE,
    });
  });

  it('validates the login payload', async () => {
    const res = await signIn(h, '', '');
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toEqual(['The email field is required.']);
    expect(res.body.errors.password).toEqual(['The password field is required.']);
  });
});

describe('AUTH_REQUIRE_VERIFIED_LOGIN', () => {
  it('refuses an unverified login with 403 and the notice', async () => {
    await withHarness({ requireVerifiedLogin: true }, async (strict) => {
      const user = await strict.createUser({ verified: false });
      const res = await signIn(strict, user.email, user.password);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        success: false,
        email_verification_required: true,
        email: user.email,
        message: VERIFY_NOTICE,
      });
      expect(res.body.token).toBeUndefined();
    });
  });
});
