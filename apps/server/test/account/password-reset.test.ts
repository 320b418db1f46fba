import { describe, expect, it } from 'vitest';
import type { TestHarness } from '../../src/testing/harness';
import { useHarness } from '../../src/testing/use-harness';
import { integrityFixtures, NEW_PASSWORD } from './integrity-fixtures';

/**
 * Issue 39: a password reset ends every credential, and reset links die on a password change,
 * an e-mail change and a newer link. Through both doors.
 */
let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });

const { doorOf, mailsTo, apiToken, login, freshEmail, confirmToken, resetToken } =
  integrityFixtures(() => h);

describe.each(['rest', 'trpc'] as const)('account integrity through the %s door', (kind) => {
  const door = doorOf(kind);
  /** The e-mailed reset `token` used for `email`, with NEW_PASSWORD. */
  const resetWith = (email: string, token: string) =>
    door.resetPassword({
      email,
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });

  it('pre-hijack chain, step 4: an API token from before a password reset answers 401', async () => {
    // The account as step 3 leaves it: someone else created a never-expiring token on it.
    const account = await h.createUser({ verified: true });
    const pat = await apiToken(account, 'Left behind');
    expect((await door.organizations(pat)).status).toBe(200);

    // The mailbox owner uses Forgot password and starts using the account.
    h.clock.advance(2 * 60_000);
    expect((await door.forgotPassword(account.email)).status).toBe(200);
    const reset = await resetWith(account.email, await resetToken(account.email));
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const session = await login(account.email, NEW_PASSWORD);
    const org = await h.rest('POST', '/organizations', {
      token: session,
      body: { name: 'Victim Academy', type: 'school' },
    });
    expect(org.status).toBe(201);

    const stale = await door.organizations(pat);
    expect(stale.status).toBe(401);
    expect(stale.body.session_expired).toBe(true);
    const rest = await h.rest('GET', `/subscription`, {
      token: pat,
      query: { organization_uuid: org.body.data.uuid },
    });
    expect(rest.status).toBe(401);
    const [notice] = await mailsTo(account.email, 'api-tokens-revoked');
    expect(notice?.text).toContain('Left behind');
  });

  it('a reset link dies when the signed-in owner changes the password', async () => {
    const changer = await h.createUser({ verified: true });
    h.clock.advance(2 * 60_000);
    await door.forgotPassword(changer.email);
    const beforeChange = await resetToken(changer.email);
    const changed = await door.changePassword(changer.token, {
      current_password: changer.password,
      password: 'the owner chose this one',
      password_confirmation: 'the owner chose this one',
    });
    expect(changed.status).toBe(200);
    const refused = await resetWith(changer.email, beforeChange);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This password reset link is invalid or has expired.');
    await login(changer.email, 'the owner chose this one');
  });

  it('a reset link dies when the e-mail address changes (whichever address it is tried with)', async () => {
    const mover = await h.createUser({ verified: true });
    h.clock.advance(2 * 60_000);
    await door.forgotPassword(mover.email);
    const toOld = await resetToken(mover.email);
    const target = freshEmail('moved');
    await door.askToMove(mover, target);
    expect((await door.confirm(mover.token, await confirmToken(target))).status).toBe(200);
    expect((await resetWith(mover.email, toOld)).status).toBe(400);
    expect((await resetWith(target, toOld)).status).toBe(400);
    await login(target, mover.password);
  });

  it('only the newest reset link works', async () => {
    const forgetful = await h.createUser({ verified: true });
    h.clock.advance(2 * 60_000);
    await door.forgotPassword(forgetful.email);
    const older = await resetToken(forgetful.email);
    h.clock.advance(2 * 60_000);
    await door.forgotPassword(forgetful.email);
    const newer = await resetToken(forgetful.email);
    expect(newer).not.toBe(older);
    expect((await resetWith(forgetful.email, older)).status).toBe(400);
    expect((await resetWith(forgetful.email, newer)).status).toBe(200);
  });

  it('a password reset ends sessions, API tokens, two-factor challenges and a pending e-mail change', async () => {
    const user = await h.createUser({ verified: true });
    const pat = await apiToken(user, 'Nightly sync');
    const pat2 = await apiToken(user, 'Accountant');
    const target = freshEmail('pending');
    await door.askToMove(user, target);
    const confirm = await confirmToken(target);
    await h.db
      .insertInto('login_challenges')
      .values({
        token_hash: 'f'.repeat(64),
        user_id: user.id,
        failed_attempts: 0,
        expires_at: new Date(h.clock.now().getTime() + 300_000),
      })
      .execute();
    h.clock.advance(2 * 60_000);
    await door.forgotPassword(user.email);
    const reset = await resetWith(user.email, await resetToken(user.email));
    expect(reset.status).toBe(200);
    for (const token of [user.token, pat, pat2]) {
      const res = await h.rest('GET', '/user', { token });
      expect(res.status).toBe(401);
      expect(res.body.session_expired).toBe(true);
    }
    const session = await login(user.email, NEW_PASSWORD);
    expect((await door.getProfile(session)).body.data.pending_email).toBeNull();
    expect((await door.confirm(session, confirm)).status).toBe(400);
    const challenges = await h.db
      .selectFrom('login_challenges')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(challenges).toEqual([]);
    const [notice] = await mailsTo(user.email, 'api-tokens-revoked');
    expect(notice?.text).toContain('Nightly sync');
    expect(notice?.text).toContain('Accountant');
  });

  it('a password change ends the other sessions and revokes API tokens unless told to keep them', async () => {
    const user = await h.createUser({ verified: true });
    const other = await login(user.email, user.password);
    const pat = await apiToken(user, 'Revoked by default');
    const changed = await door.changePassword(user.token, {
      current_password: user.password,
      password: 'second passphrase here',
      password_confirmation: 'second passphrase here',
    });
    expect(changed.status).toBe(200);
    expect((await h.rest('GET', '/user', { token: user.token })).status).toBe(200);
    const stale = await h.rest('GET', '/user', { token: other });
    expect(stale.status).toBe(401);
    expect(stale.body.session_expired).toBe(true);
    const revoked = await door.organizations(pat);
    expect(revoked.status).toBe(401);
    expect(revoked.body.session_expired).toBe(true);
    const [notice] = await mailsTo(user.email, 'api-tokens-revoked');
    expect(notice?.text).toContain('Revoked by default');

    const kept = await apiToken(user, 'Kept on purpose');
    const keep = await door.changePassword(user.token, {
      current_password: 'second passphrase here',
      password: 'third passphrase here',
      password_confirmation: 'third passphrase here',
      revoke_api_tokens: false,
    });
    expect(keep.status).toBe(200);
    expect((await door.organizations(kept)).status).toBe(200);
  });
});
