import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { useHarness } from '../../src/testing/use-harness';
import { latestMailTo, linkIn, passwordPair, signIn } from './fixtures';

let h: TestHarness;
useHarness((made) => (h = made));

const MINUTE = 60_000;
const resetPassword = (body: Record<string, unknown>) =>
  h.rest('POST', '/auth/reset-password', { body });

describe('password recovery', () => {
  async function requestReset(email: string) {
    const res = await h.rest('POST', '/auth/forgot-password', { body: { email } });
    expect(res.status).toBe(200);
    return res;
  }

  async function resetLinkFor(email: string) {
    const mail = await latestMailTo(h, email, 'password-reset');
    return linkIn(mail!.text, 'http://localhost:3000/reset-password');
  }

  it('answers the same for known and unknown addresses, one e-mail per 60 s', async () => {
    const user = await h.createUser();
    h.clock.advance(2 * MINUTE);
    const known = await requestReset(user.email);
    const unknown = await requestReset(`unknown-${Date.now()}@example.com`);
    expect(unknown.body).toEqual(known.body);
    await requestReset(user.email.toUpperCase());
    const count = async () =>
      (
        await h.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('to_address', '=', user.email)
          .where('kind', '=', 'password-reset')
          .execute()
      ).length;
    expect(await count()).toBe(1);
    h.clock.advance(61_000);
    await requestReset(user.email);
    expect(await count()).toBe(2);
    const tokens = await h.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(tokens).toHaveLength(1);
  });

  it('resets with the e-mailed token: hashed at rest, revokes sessions, e-mails a notice, single use', async () => {
    const user = await h.createUser();
    h.clock.advance(2 * MINUTE);
    await requestReset(user.email);
    const link = await resetLinkFor(user.email);
    const token = link.searchParams.get('token')!;
    expect(link.searchParams.get('email')).toBe(user.email);
    const row = await h.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const body = {
      email: user.email,
      token,
      ...passwordPair('a brand new secret'),
    };
    const res = await resetPassword(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password reset successfully' });

    const old = await h.rest('GET', '/user', { token: user.token });
    expect(old.status).toBe(401);
    expect(old.body.session_expired).toBe(true);
    const notice = await latestMailTo(h, user.email, 'password-changed');
    expect(notice?.subject).toBe('Your password was changed');
    const login = await signIn(h, user.email, 'a brand new secret');
    expect(login.status).toBe(200);
    const oldPassword = await signIn(h, user.email, user.password);
    expect(oldPassword.status).toBe(401);

    const reuse = await resetPassword({
      ...body,
      ...passwordPair('another new secret'),
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('This password reset link is invalid or has expired.');
  });

  it('refuses an expired token, a wrong token and another address', async () => {
    const user = await h.createUser();
    const other = await h.createUser();
    h.clock.advance(2 * MINUTE);
    await requestReset(user.email);
    const token = (await resetLinkFor(user.email)).searchParams.get('token')!;
    const attempt = (email: string, t: string) =>
      resetPassword({
        email,
        token: t,
        ...passwordPair('fresh password here'),
      });
    expect((await attempt(user.email, token + 'x')).status).toBe(400);
    expect((await attempt(other.email, token)).status).toBe(400);
    h.clock.advance(61 * MINUTE);
    const expired = await attempt(user.email, token);
    expect(expired.status).toBe(400);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
  });

  it('validates the new password', async () => {
    const res = await resetPassword({
      email: 'a@example.com',
      token: 'x',
      password: 'short',
      password_confirmation: 'other',
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.password).toContain('Password must be at least 8 characters');
    expect(res.body.errors.password_confirmation).toEqual(['Passwords do not match']);
    const missing = await resetPassword({
      email: 'a@example.com',
      ...passwordPair('long enough pw'),
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.token).toEqual(['Invalid or missing reset token']);
  });
});
