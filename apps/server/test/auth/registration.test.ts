import { describe, expect, it } from 'vitest';
import { hashPassword } from '@scmp/api';
import type { TestHarness } from '../../src/testing/harness';
import { useHarness } from '../../src/testing/use-harness';
import { latestMailTo, passwordPair, register as registerAs } from './fixtures';

let h: TestHarness;
useHarness((made) => (h = made));

const register = (overrides: Record<string, unknown> = {}) =>
  registerAs(h, 'Ada Lovelace', 'analytical engine 1843', overrides);

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
    const mail = await latestMailTo(h, 'grace.hopper@example.com');
    expect(mail?.kind).toBe('verify-email');
    expect(mail?.text).toContain('http://localhost:3000/verify-email/');
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
    const common = await register(passwordPair('Password1'));
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toEqual([
      'This password is too common. Please choose a less common password.',
    ]);
    const long = 'x'.repeat(60) + ' long passphrase ' + 'y'.repeat(80);
    expect((await register(passwordPair(long))).status).toBe(201);
  });

  it('works on the tRPC door too', async () => {
    const res = await h.trpc('mutation', 'auth.register', {
      name: 'Trpc User',
      email: `trpc-${Date.now()}@example.com`,
      ...passwordPair('a perfectly fine pass'),
    });
    expect(res.status).toBe(200);
    expect(res.body.result.data.data.token).toBeTruthy();
  });
});

it('hashPassword uses argon2id at an OWASP minimum setting (m=9216, t=4, p=1)', async () => {
  expect(await hashPassword('whatever 123')).toMatch(/^\$argon2id\$v=19\$m=9216,t=4,p=1\$/);
});
