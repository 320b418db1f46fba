import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../src/testing/harness';
import { mailsTo } from '../src/testing/recorded-rows';
import { useHarness } from '../src/testing/use-harness';
import { profileFixtures } from './profile/fixtures';

/** The profile's security and notification settings: password change, sessions, notification preferences and history. */
let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });
const { MAC_CHROME, IPHONE, login, profileBody } = profileFixtures(() => h);

/** PUT /profile/password as `token` (the confirmation repeats the new password unless given). */
const changePassword = (
  token: string,
  current_password: string,
  password: string,
  password_confirmation = password,
) =>
  h.rest('PUT', '/profile/password', {
    token,
    body: { current_password, password, password_confirmation },
  });

describe('password change', () => {
  it('validates with the spec texts', async () => {
    const user = await h.createUser({ verified: true });
    // [current, new, confirmation], the field answered and its text.
    const cases: Array<[[string, string, string?], string, string]> = [
      [['', 'abcdefgh12'], 'current_password', 'Current password is required'],
      [['x', ''], 'password', 'New password is required'],
      [['x', 'short'], 'password', 'Password must be at least 8 characters'],
      [['x', 'abcdefgh12', ''], 'password_confirmation', 'Please confirm your new password'],
      [['x', 'abcdefgh12', 'abcdefgh13'], 'password_confirmation', 'Passwords do not match'],
    ];
    for (const [passwords, field, text] of cases) {
      const res = await changePassword(user.token, ...passwords);
      expect(res.status, JSON.stringify(passwords)).toBe(422);
      expect(res.body.errors[field]).toContain(text);
    }
    const wrong = await changePassword(user.token, 'wrong password!', 'a new long passphrase');
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password).toBeDefined();
  });

  it('revokes every other session, e-mails a notice and is throttled', async () => {
    const user = await h.createUser({ verified: true });
    const other = await login(user.email, user.password);
    const res = await changePassword(user.token, user.password, 'a new long passphrase');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Password updated successfully.' });
    const stale = await h.rest('GET', '/user', { token: other });
    expect(stale.status).toBe(401);
    expect(stale.body.session_expired).toBe(true);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
    await login(user.email, 'a new long passphrase');
    const kinds = (await mailsTo(h.db, user.email)).map((m) => m.kind);
    expect(kinds).toContain('password-changed');

    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await changePassword(user.token, 'wrong', 'another passphrase')).status;
    }
    expect(last).toBe(429);
  });
});

describe('sessions', () => {
  it('lists, revokes one and revokes all others', async () => {
    const user = await h.createUser({ verified: true });
    const stranger = await h.createUser({ verified: true });
    const current = await login(user.email, user.password, MAC_CHROME);
    const phone = await login(user.email, user.password, IPHONE);
    const list = await h.rest('GET', '/profile/sessions', {
      token: current,
      headers: { 'user-agent': MAC_CHROME },
    });
    expect(list.status).toBe(200);
    const sessions = list.body.data as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({
      current: true,
      device: 'Chrome on macOS',
      browser: 'Chrome',
      os: 'macOS',
      location: 'Local network',
    });
    const mobile = sessions.find((s) => String(s.device).includes('iOS'))!;
    expect(String(mobile.device)).toMatch(/mobile|iphone|ios/i);
    expect(mobile.id).toMatch(/^[0-9a-f-]{36}$/);

    // another user's session and junk ids are 404; the current one cannot be revoked here
    const strangerSessions = await h.rest('GET', '/profile/sessions', { token: stranger.token });
    const strangerId = strangerSessions.body.data[0].id as string;
    expect(
      (await h.rest('DELETE', `/profile/sessions/${strangerId}`, { token: current })).status,
    ).toBe(404);
    expect((await h.rest('GET', '/user', { token: stranger.token })).status).toBe(200);
    expect((await h.rest('DELETE', '/profile/sessions/123', { token: current })).status).toBe(404);
    expect(
      (await h.rest('DELETE', `/profile/sessions/${String(sessions[0]!.id)}`, { token: current }))
        .status,
    ).toBe(400);

    const revoked = await h.rest('DELETE', `/profile/sessions/${String(mobile.id)}`, {
      token: current,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('Session revoked successfully.');
    expect((await h.rest('GET', '/user', { token: phone })).body.session_expired).toBe(true);

    const all = await h.rest('DELETE', '/profile/sessions', { token: current });
    expect(all.body.message).toBe('All other sessions revoked successfully.');
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(401);
    const after = await h.rest('GET', '/profile/sessions', { token: current });
    expect(after.body.data).toHaveLength(1);
  });
});

describe('notification preferences', () => {
  it('defaults, validation and the SMS rule', async () => {
    const user = await h.createUser({ verified: true });
    const res = await h.rest('GET', '/notifications/preferences', { token: user.token });
    expect(res.body.data).toEqual({
      email: { marketing: true, security: true, updates: true, reports: false },
      push: { messages: true, updates: false, security: true, marketing: false },
      sms: { security: true, urgent: true, marketing: false, updates: false },
    });
    const prefs = res.body.data;
    const put = (body: unknown) =>
      h.rest('PUT', '/notifications/preferences', { token: user.token, body });

    expect((await put({ ...prefs, extra: {} })).status).toBe(422);
    expect((await put({ ...prefs, email: { ...prefs.email, spam: true } })).status).toBe(422);
    expect((await put({ ...prefs, email: { ...prefs.email, reports: 'yes' } })).status).toBe(422);
    expect((await put({ email: prefs.email, push: prefs.push })).status).toBe(422);

    const noPhone = await put({ ...prefs, sms: { ...prefs.sms, marketing: true } });
    expect(noPhone.status).toBe(422);
    expect(noPhone.body.message).toBe(
      'Add a phone number to your profile to enable SMS notifications.',
    );

    const ok = await put({ ...prefs, email: { ...prefs.email, reports: true } });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Notification preferences updated successfully.');
    expect(ok.body.data.email.reports).toBe(true);

    await h.rest('PUT', '/profile', {
      token: user.token,
      body: profileBody({ email: user.email, phone: '+447700900123' }),
    });
    const withPhone = await put({ ...ok.body.data, sms: { ...prefs.sms, marketing: true } });
    expect(withPhone.status).toBe(200);
    const reread = await h.rest('GET', '/notifications/preferences', { token: user.token });
    expect(reread.body.data.sms.marketing).toBe(true);
    expect(reread.body.data.email.reports).toBe(true);
  });

  it('lists the notification history newest first with a cursor', async () => {
    const user = await h.createUser({ verified: true });
    for (let i = 0; i < 5; i++) {
      h.clock.advance(1000);
      await h.deps.mailer.send({
        to: user.email,
        subject: `Message ${i}`,
        html: '',
        text: '',
        kind: 'test',
        userId: user.id,
      });
    }
    const first = await h.rest('GET', '/notifications/history', {
      token: user.token,
      query: { limit: '3' },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.map((m: { subject: string }) => m.subject)).toEqual([
      'Message 4',
      'Message 3',
      'Message 2',
    ]);
    expect(first.body.data[0].status).toBeDefined();
    const second = await h.rest('GET', '/notifications/history', {
      token: user.token,
      query: { limit: '3', cursor: first.body.next_cursor },
    });
    expect(second.body.data.map((m: { subject: string }) => m.subject)).toEqual([
      'Message 1',
      'Message 0',
    ]);
    expect(second.body.next_cursor).toBeNull();
  });
});
