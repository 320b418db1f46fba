import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { recordActivity } from '../activity';
import {
  ACCOUNT_MESSAGES,
  checkCurrentPassword,
  endLoginChallenges,
  endResetLinks,
  normalizeEmail,
  noticeApiTokensRevoked,
  revokeAllApiTokens,
  type RevokedApiToken,
} from '../accounts';
import { hashPassword } from '../../core/passwords';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { revokeUserSessions, type SessionRow, type SessionUser } from '../sessions';
import { pendingEmailChange } from './email-change/pending';
import { requestEmailChange } from './email-change/request';
import type { PendingEmailChange } from './email-change/texts';
import type { ProfileInput } from './profile-schema';
import { sendSecurityNotice } from '../security-notices';

type Req = ClientInfo;

export const PROFILE_TEXTS = {
  updated: 'Profile updated successfully.',
  passwordUpdated: 'Password updated successfully.',
  wrongCurrentPassword: 'The current password is incorrect.',
  emailTaken: ACCOUNT_MESSAGES.emailTaken,
  avatarRemoved: 'Profile photo removed.',
  avatarUpdated: 'Profile photo updated.',
} as const;

/**
 * Saves the personal information. A new e-mail address is only requested here (issue 39): it
 * needs the current password and becomes the account's address when the link sent to it is
 * opened (email-change.ts); until then the account keeps its verified address.
 */
export async function updateProfile(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  input: ProfileInput,
): Promise<{ user: SessionUser; pending: PendingEmailChange | null; emailRequested: boolean }> {
  await enforceRateLimit(deps.rateLimiter, `profile:update:${user.id}`, 20, 60);
  const email = normalizeEmail(input.email);
  const emailChanged = email !== normalizeEmail(user.email);
  // Checked before anything is saved: a refused e-mail change saves nothing.
  let pending: PendingEmailChange | null = null;
  if (emailChanged) {
    pending = await requestEmailChange(deps, req, user, email, input.current_password);
  }
  const pick = <K extends 'phone' | 'bio' | 'location' | 'website'>(key: K) =>
    input[key] === undefined ? user[key] : input[key] || null;
  const otherChanges =
    input.name !== user.name ||
    (['phone', 'bio', 'location', 'website'] as const).some((k) => pick(k) !== user[k]);
  let updated = user;
  if (otherChanges || !emailChanged) {
    updated = await deps.db
      .updateTable('users')
      .set({
        name: input.name,
        phone: pick('phone'),
        bio: pick('bio'),
        location: pick('location'),
        website: pick('website'),
        updated_at: deps.clock.now(),
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'profile',
      action: 'profile.updated',
      description: 'Updated profile information',
    });
  }
  return {
    user: updated,
    pending: pending ?? (await pendingEmailChange(deps, user.id)),
    emailRequested: emailChanged,
  };
}

/**
 * Changes the password: every other session, outstanding reset link and open two-factor sign-in
 * ends, and (unless `revoke_api_tokens` is false) every API token is revoked; the user is told by
 * e-mail. The session that made the change stays signed in.
 */
export async function changePassword(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  session: SessionRow,
  input: { current_password: string; password: string; revoke_api_tokens?: boolean },
): Promise<{ revokedTokens: RevokedApiToken[] }> {
  await checkCurrentPassword(deps, req, user, input.current_password, {
    bucket: 'profile:password',
    field: 'current_password',
    wrong: PROFILE_TEXTS.wrongCurrentPassword,
    failure: {
      action: 'password.change_failed',
      description: 'Failed password change (wrong current password)',
    },
  });
  const hash = await hashPassword(input.password);
  const now = deps.clock.now();
  const revokedTokens = await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions({ db: trx, clock: deps.clock }, user.id, session.id);
    await endResetLinks(trx, user.id);
    await endLoginChallenges(trx, user.id);
    return input.revoke_api_tokens === false ? [] : revokeAllApiTokens(trx, now, user.id);
  });
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'password.changed',
    description: 'Changed account password',
    severity: 'medium',
  });
  await sendSecurityNotice(deps, user, {
    kind: 'password-changed',
    subject: 'Your password was changed',
    paragraphs: [
      'The password of your account was just changed. Every other signed-in device has been signed out and every password reset link sent before stopped working.',
    ],
  });
  await noticeApiTokensRevoked(deps, req, user, revokedTokens, 'when your password was changed');
  return { revokedTokens };
}

export function assertUuid(id: string, message = 'Not found'): void {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw new AppError('NOT_FOUND', message);
  }
}
