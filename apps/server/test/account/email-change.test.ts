import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { valuesWhere } from '../../src/testing/recorded-rows';
import { useHarness } from '../../src/testing/use-harness';
import { rowsOfUser } from '../auth/fixtures';
import { HOUR, integrityFixtures } from './integrity-fixtures';

/**
 * Issue 39: an e-mail change is a request proven by the new address. Through both doors.
 */
let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });

const { doorOf, mailsTo, apiToken, login, freshEmail, confirmToken, cancelToken, profileBody } =
  integrityFixtures(() => h);

describe.each(['rest', 'trpc'] as const)('account integrity through the %s door', (kind) => {
  const door = doorOf(kind);

  it('pre-hijack chain, step 2: an unproven address never becomes the account address', async () => {
    const attacker = await h.createUser({ verified: true });
    await apiToken(attacker);
    const victim = freshEmail('victim');

    // Without the current password the change is refused on that field, and nothing is saved.
    const bare = await door.updateProfile(attacker.token, profileBody(victim));
    expect(bare.status).toBe(422);
    expect(bare.body.errors.current_password[0]).toBe(
      'Enter your current password to change your email address.',
    );
    const wrong = await door.updateProfile(
      attacker.token,
      profileBody(victim, { current_password: 'not the password' }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.current_password[0]).toBe('The current password is incorrect.');

    const asked = await door.askToMove(attacker, victim);
    expect(asked.status).toBe(200);
    expect(asked.body.data.email).toBe(attacker.email);
    expect(asked.body.data.email_verified_at).not.toBeNull();
    expect(asked.body.data.pending_email).toBe(victim);
    expect(asked.body.message).toBe(
      `We sent a confirmation link to ${victim}. Your email address changes when you open it.`,
    );
    const me = await h.rest('GET', '/user', { token: attacker.token });
    expect(me.body.data.email).toBe(attacker.email);

    // Step 3: the victim can register their own address; the attacker's pending change is dropped.
    const registered = await h.rest('POST', '/auth/register', {
      body: {
        name: 'Victim',
        email: victim,
        password: 'the victim passphrase',
        password_confirmation: 'the victim passphrase',
      },
    });
    expect(registered.status, registered.text).toBe(201);
    expect((await door.getProfile(attacker.token)).body.data.pending_email).toBeNull();
    const [dropped] = await mailsTo(attacker.email, 'email-change-dropped');
    expect(dropped?.text).toContain('now belongs to another account');
    // The link that went to the victim's mailbox no longer does anything for the attacker.
    const late = await door.confirm(attacker.token, await confirmToken(victim));
    expect(late.status).toBe(400);
    const owners = await valuesWhere(h.db, 'users', 'id', 'email', victim);
    expect(owners).toHaveLength(1);
    expect(owners[0]).not.toBe(attacker.id);
  });

  it('keeps the address until the link is opened; the link is single use and recorded', async () => {
    const user = await h.createUser({ verified: true });
    const target = freshEmail('moving');
    const asked = await door.updateProfile(
      user.token,
      profileBody(target.toUpperCase(), { current_password: user.password, bio: 'New bio' }),
    );
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({
      email: user.email,
      bio: 'New bio',
      pending_email: target,
    });
    // Still the old address everywhere: sign-in, GET /profile, verification kept.
    await login(user.email, user.password);
    const before = await door.getProfile(user.token);
    expect(before.body.data).toMatchObject({ email: user.email, pending_email: target });
    expect(before.body.data.email_verified_at).not.toBeNull();
    expect(before.body.data.pending_email_expires_at).toBe(
      new Date(h.clock.now().getTime() + 24 * HOUR).toISOString(),
    );
    // The confirmation token is stored as a hash only.
    const token = await confirmToken(target);
    const rows = await rowsOfUser(h, 'email_changes', user.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);

    // Another account cannot use the link.
    const stranger = await h.createUser({ verified: true });
    expect((await door.confirm(stranger.token, token)).status).toBe(400);

    h.clock.advance(HOUR);
    const confirmed = await door.confirm(user.token, token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.message).toBe(`Your email address is now ${target}.`);
    expect(confirmed.body.data).toMatchObject({ email: target, pending_email: null });
    expect(confirmed.body.data.email_verified_at).toBe(h.clock.now().toISOString());
    await login(target, user.password);

    const again = await door.confirm(user.token, token);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This email change link is invalid or has expired.');

    const activity = await h.db
      .selectFrom('activity_events')
      .select(['type', 'description'])
      .where('user_id', '=', user.id)
      .where('action', '=', 'profile.email_changed')
      .execute();
    expect(activity).toEqual([
      { type: 'profile', description: `Changed email address from ${user.email} to ${target}` },
    ]);
    const [changed] = await mailsTo(user.email, 'email-changed');
    expect(changed?.text).toContain(target);
  });

  it('the confirmation link expires after 24 hours', async () => {
    const user = await h.createUser({ verified: true });
    const target = freshEmail('slow');
    await door.askToMove(user, target);
    const token = await confirmToken(target);
    h.clock.advance(24 * HOUR + 1000);
    expect((await door.getProfile(user.token)).body.data.pending_email).toBeNull();
    const late = await door.confirm(user.token, token);
    expect(late.status).toBe(400);
    expect((await door.getProfile(user.token)).body.data.email).toBe(user.email);
  });

  it('the old address is told and can cancel without signing in; the owner can resend or cancel', async () => {
    const user = await h.createUser({ verified: true });
    const target = freshEmail('notice');
    await door.askToMove(user, target);
    const [notice] = await mailsTo(user.email, 'email-change-requested');
    expect(notice?.text).toContain(target);
    expect(notice?.text).toContain('/forgot-password');
    const cancelled = await door.cancelByLink(await cancelToken(user.email));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.message).toBe(
      'The email change was cancelled. Your email address stays the same.',
    );
    expect((await door.getProfile(user.token)).body.data.pending_email).toBeNull();
    expect((await door.confirm(user.token, await confirmToken(target))).status).toBe(400);
    expect((await door.cancelByLink(await cancelToken(user.email))).status).toBe(400);

    // Resend: a new link, the previous one stops working.
    await door.askToMove(user, target);
    const first = await confirmToken(target);
    const resent = await door.resend(user.token);
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`We sent a new confirmation link to ${target}.`);
    expect(resent.body.data.pending_email).toBe(target);
    const second = await confirmToken(target);
    expect(second).not.toBe(first);
    expect((await door.confirm(user.token, first)).status).toBe(400);

    // Cancel by the signed-in owner.
    const own = await door.cancel(user.token);
    expect(own.status).toBe(200);
    expect((await door.confirm(user.token, second)).status).toBe(400);
    expect((await door.cancel(user.token)).status).toBe(404);
    expect((await door.resend(user.token)).status).toBe(404);
    expect((await door.getProfile(user.token)).body.data.email).toBe(user.email);
  });

  it('refuses the confirmation when another account took the address first', async () => {
    const first = await h.createUser({ verified: true });
    const second = await h.createUser({ verified: true });
    const target = freshEmail('contested');
    await door.askToMove(first, target);
    const firstToken = await confirmToken(target);
    await door.askToMove(second, target);
    const secondToken = await confirmToken(target);
    expect((await door.confirm(second.token, secondToken)).status).toBe(200);
    // The first account's pending change is dropped and its owner is told why.
    expect((await door.getProfile(first.token)).body.data.pending_email).toBeNull();
    const [dropped] = await mailsTo(first.email, 'email-change-dropped');
    expect(dropped?.text).toContain(target);
    expect((await door.confirm(first.token, firstToken)).status).toBe(400);

    // A race the drop did not see: the confirmation answers 409 with the reason.
    const third = await h.createUser({ verified: true });
    const other = freshEmail('raced');
    await door.askToMove(third, other);
    const raced = await confirmToken(other);
    await h.db.updateTable('users').set({ email: other }).where('id', '=', first.id).execute();
    const refused = await door.confirm(third.token, raced);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This email address now belongs to another account, so the email change was cancelled.',
    );
    expect((await door.getProfile(third.token)).body.data.pending_email).toBeNull();
  });
});

describe('e-mail change operations refuse API tokens', () => {
  it('answers 403 FORBIDDEN to a token holding every scope', async () => {
    const user = await h.createUser({ verified: true });
    const pat = await apiToken(user);
    for (const [method, path, body] of [
      ['PUT', '/profile', profileBody(freshEmail('token'), { current_password: user.password })],
      ['POST', '/profile/email-change/confirm', { token: 'x'.repeat(43) }],
      ['POST', '/profile/email-change/resend', undefined],
      ['DELETE', '/profile/email-change', undefined],
    ] as const) {
      const res = await h.rest(method, path, { token: pat, body });
      expect({ path, status: res.status, code: res.body.code }).toEqual({
        path,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    expect(
      await h.db.selectFrom('email_changes').selectAll().where('user_id', '=', user.id).execute(),
    ).toEqual([]);
  });
});
