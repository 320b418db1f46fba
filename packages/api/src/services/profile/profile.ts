import type { Context } from '../../request-context';
import type { AppDeps } from '../../app-deps';
import { AppError, validationError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { normalizeEmail } from '../accounts/email';
import { ACCOUNT_MESSAGES } from '../accounts/messages';
import { sendVerificationEmail } from '../accounts/verification';
import { hashPassword, verifyPassword } from '../passwords';
import { enforceRateLimit } from '../rate-limit/rate-limiter';
import { revokeUserSessions, type SessionRow, type SessionUser } from '../sessions';
import { sendSecurityNotice } from './security-mail';

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;

export const PROFILE_TEXTS = {
  updated: 'Profile updated successfully.',
  passwordUpdated: 'Password updated successfully.',
  wrongCurrentPassword: 'The current password is incorrect.',
  emailTaken: ACCOUNT_MESSAGES.emailTaken,
  avatarRemoved: 'Profile photo removed.',
  avatarUpdated: 'Profile photo updated.',
} as const;

export type ProfileInput = {
  name: string;
  email: string;
  phone?: string | null;
  bio?: string | null;
  location?: string | null;
  website?: string | null;
};

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/** Saves the personal information; a new e-mail address must be verified again. */
export async function updateProfile(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  input: ProfileInput,
): Promise<SessionUser> {
  await enforceRateLimit(deps.rateLimiter, `profile:update:${user.id}`, 20, 60);
  const email = normalizeEmail(input.email);
  const emailChanged = email !== normalizeEmail(user.email);
  if (emailChanged) {
    const taken = await deps.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('id', '!=', user.id)
      .executeTakeFirst();
    if (taken) throw validationError('email', PROFILE_TEXTS.emailTaken);
  }
  const pick = <K extends 'phone' | 'bio' | 'location' | 'website'>(key: K) =>
    input[key] === undefined ? user[key] : input[key] || null;
  const now = deps.clock.now();
  let updated: SessionUser;
  try {
    updated = await deps.db
      .updateTable('users')
      .set({
        name: input.name,
        email,
        phone: pick('phone'),
        bio: pick('bio'),
        location: pick('location'),
        website: pick('website'),
        ...(emailChanged ? { email_verified_at: null } : {}),
        updated_at: now,
      })
      .where('id', '=', user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError('email', PROFILE_TEXTS.emailTaken);
    throw error;
  }
  if (emailChanged) {
    await sendVerificationEmail(deps, updated);
    await sendSecurityNotice(deps, user, {
      kind: 'email-changed',
      subject: 'Your email address was changed',
      paragraphs: [
        `The email address of your account was changed from ${user.email} to ${email}.`,
        'Sign-in and notifications now use the new address once it is verified.',
      ],
      to: user.email,
    });
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'profile',
      action: 'profile.email_changed',
      description: `Changed email address to ${email}`,
      severity: 'medium',
    });
  }
  const otherChanges =
    input.name !== user.name ||
    (['phone', 'bio', 'location', 'website'] as const).some((k) => pick(k) !== user[k]);
  if (otherChanges || !emailChanged) {
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'profile',
      action: 'profile.updated',
      description: 'Updated profile information',
    });
  }
  return updated;
}

/** Changes the password, signs out every other session and tells the user by e-mail. */
export async function changePassword(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  session: SessionRow,
  input: { current_password: string; password: string },
): Promise<void> {
  await enforceRateLimit(deps.rateLimiter, `profile:password:${user.id}`, 5, 60);
  if (!(await verifyPassword(user.password_hash, input.current_password))) {
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'security',
      action: 'password.change_failed',
      description: 'Failed password change (wrong current password)',
      severity: 'medium',
    });
    throw validationError('current_password', PROFILE_TEXTS.wrongCurrentPassword);
  }
  const hash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: deps.clock.now() })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions({ db: trx, clock: deps.clock }, user.id, session.id);
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
      'The password of your account was just changed. Every other signed-in device has been signed out.',
    ],
  });
}

export function assertUuid(id: string, message = 'Not found'): void {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw new AppError('NOT_FOUND', message);
  }
}
