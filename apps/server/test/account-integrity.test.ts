import { describe, expect, it } from 'vitest';
import type { Json, TestHarness } from '../src/testing/harness';
import { useHarness } from '../src/testing/use-harness';

/**
 * Issue 39: an e-mail change is a request proven by the new address, a password reset ends every
 * credential, and reset links die on a password change, an e-mail change and a newer link.
 * Through both doors.
 */
let h: TestHarness;
useHarness((made) => (h = made), { resetRateLimits: true });

const HOUR = 3_600_000;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
type Answer = { status: number; body: Json };

let seq = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${(seq += 1)}@example.com`;

/** The same operations through each door, answering status and envelope alike. */
function doorOf(kind: 'rest' | 'trpc') {
  const viaTrpc = async (
    type: 'query' | 'mutation',
    path: string,
    input: unknown,
    token?: string,
  ): Promise<Answer> => {
    // A mutation without input goes as the web app's batching client sends it: `{}`.
    const res =
      type === 'mutation' && input === undefined
        ? await h.app
            .inject({
              method: 'POST',
              url: `/trpc/${path}?batch=1`,
              headers: {
                'content-type': 'application/json',
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
              payload: '{}',
            })
            .then((r) => ({ status: r.statusCode, body: (JSON.parse(r.body) as Json[])[0]! }))
        : await h.trpc(type, path, input, { token });
    if (res.body.error) {
      return { status: res.body.error.data.httpStatus, body: res.body.error.data.envelope };
    }
    return { status: res.status, body: res.body.result.data };
  };
  const viaRest = async (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    path: string,
    body: unknown,
    token?: string,
  ): Promise<Answer> => {
    const res = await h.rest(method, path, { body, token });
    return { status: res.status, body: res.body };
  };
  const rest = kind === 'rest';
  return {
    kind,
    getProfile: (token: string) =>
      rest
        ? viaRest('GET', '/profile', undefined, token)
        : viaTrpc('query', 'profile.get', undefined, token),
    updateProfile: (token: string, body: Json) =>
      rest
        ? viaRest('PUT', '/profile', body, token)
        : viaTrpc('mutation', 'profile.update', body, token),
    confirm: (token: string, linkToken: string) =>
      rest
        ? viaRest('POST', '/profile/email-change/confirm', { token: linkToken }, token)
        : viaTrpc('mutation', 'profile.confirmEmailChange', { token: linkToken }, token),
    resend: (token: string) =>
      rest
        ? viaRest('POST', '/profile/email-change/resend', undefined, token)
        : viaTrpc('mutation', 'profile.resendEmailChange', undefined, token),
    cancel: (token: string) =>
      rest
        ? viaRest('DELETE', '/profile/email-change', undefined, token)
        : viaTrpc('mutation', 'profile.cancelEmailChange', undefined, token),
    cancelByLink: (linkToken: string) =>
      rest
        ? viaRest('POST', '/auth/email-change/cancel', { token: linkToken })
        : viaTrpc('mutation', 'auth.cancelEmailChange', { token: linkToken }),
    changePassword: (token: string, body: Json) =>
      rest
        ? viaRest('PUT', '/profile/password', body, token)
        : viaTrpc('mutation', 'profile.changePassword', body, token),
    forgotPassword: (email: string) =>
      rest
        ? viaRest('POST', '/auth/forgot-password', { email })
        : viaTrpc('mutation', 'auth.forgotPassword', { email }),
    resetPassword: (body: Json) =>
      rest
        ? viaRest('POST', '/auth/reset-password', body)
        : viaTrpc('mutation', 'auth.resetPassword', body),
    organizations: (token: string) =>
      rest
        ? viaRest('GET', '/organizations', undefined, token)
        : viaTrpc('query', 'organizations.list', {}, token),
  };
}

async function mailsTo(email: string, kind: string) {
  return h.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .execute();
}

/** The `token` query parameter of the newest link of `kind` mailed to `email`. */
async function linkToken(email: string, kind: string, path: string): Promise<string> {
  const [mail] = await mailsTo(email, kind);
  if (!mail) throw new Error(`no ${kind} mail to ${email}`);
  const match = mail.text.match(new RegExp(`http://localhost:3000${path}\\?[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return new URL(match[0]).searchParams.get('token')!;
}

const confirmToken = (newEmail: string) =>
  linkToken(newEmail, 'email-change-confirm', '/confirm-email-change');
const cancelToken = (oldEmail: string) =>
  linkToken(oldEmail, 'email-change-requested', '/cancel-email-change');
const resetToken = (email: string) => linkToken(email, 'password-reset', '/reset-password');

const profileBody = (email: string, extra: Json = {}) => ({ name: 'Pat Example', email, ...extra });

async function apiToken(user: User, name = 'Integration'): Promise<string> {
  const res = await h.rest('POST', '/user/api-tokens', {
    token: user.token,
    body: {
      name,
      scopes: ['organizations:read', 'billing:read', 'support:read', 'profile:read'],
      expires_in_days: null,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.token as string;
}

async function login(email: string, password: string): Promise<string> {
  const res = await h.rest('POST', '/auth/login', { body: { email, password } });
  expect(res.status, res.text).toBe(200);
  return res.body.data.token as string;
}

const NEW_PASSWORD = 'a completely new passphrase';

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

    const asked = await door.updateProfile(
      attacker.token,
      profileBody(victim, { current_password: attacker.password }),
    );
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
    const owners = await h.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', victim)
      .execute();
    expect(owners).toHaveLength(1);
    expect(owners[0]!.id).not.toBe(attacker.id);
  });

  it('pre-hijack chain, step 4: an API token from before a password reset answers 401', async () => {
    // The account as step 3 leaves it: someone else created a never-expiring token on it.
    const account = await h.createUser({ verified: true });
    const pat = await apiToken(account, 'Left behind');
    expect((await door.organizations(pat)).status).toBe(200);

    // The mailbox owner uses Forgot password and starts using the account.
    h.clock.advance(2 * 60_000);
    expect((await door.forgotPassword(account.email)).status).toBe(200);
    const reset = await door.resetPassword({
      email: account.email,
      token: await resetToken(account.email),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
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
    const row = await h.db
      .selectFrom('email_changes')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(token);

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
    await door.updateProfile(user.token, profileBody(target, { current_password: user.password }));
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
    await door.updateProfile(user.token, profileBody(target, { current_password: user.password }));
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
    await door.updateProfile(user.token, profileBody(target, { current_password: user.password }));
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
    await door.updateProfile(
      first.token,
      profileBody(target, { current_password: first.password }),
    );
    const firstToken = await confirmToken(target);
    await door.updateProfile(
      second.token,
      profileBody(target, { current_password: second.password }),
    );
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
    await door.updateProfile(third.token, profileBody(other, { current_password: third.password }));
    const raced = await confirmToken(other);
    await h.db.updateTable('users').set({ email: other }).where('id', '=', first.id).execute();
    const refused = await door.confirm(third.token, raced);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'This email address now belongs to another account, so the email change was cancelled.',
    );
    expect((await door.getProfile(third.token)).body.data.pending_email).toBeNull();
  });

  const resetWith = (email: string, token: string) =>
    door.resetPassword({
      email,
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
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
    await door.updateProfile(
      mover.token,
      profileBody(target, { current_password: mover.password }),
    );
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
    await door.updateProfile(user.token, profileBody(target, { current_password: user.password }));
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
    const reset = await door.resetPassword({
      email: user.email,
      token: await resetToken(user.email),
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
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
