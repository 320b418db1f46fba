import type { Context } from '../../context';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { recordActivity } from '../activity/record-activity';
import { enforceRateLimit } from '../rate-limit/rate-limiter';
import { createSession, type SessionUser } from '../sessions';
import { verifyUserTwoFactorCode, type TwoFactorCodeType } from '../two-factor/verify-code';
import { normalizeEmail } from './email';
import { ACCOUNT_MESSAGES } from './messages';

const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const MAX_FAILED_CODES = 5;

/** Opens (or renews) the user's two-factor sign-in challenge after a correct password. */
export async function openLoginChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
): Promise<void> {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + CHALLENGE_LIFETIME_MS);
  await deps.db
    .insertInto('login_challenges')
    .values({ user_id: userId, failed_attempts: 0, created_at: now, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ failed_attempts: 0, created_at: now, expires_at: expiresAt }),
    )
    .execute();
}

/**
 * Second step of a two-factor sign-in: only against an open challenge, and only with a good code.
 * Every failure answers the same text; the fifth wrong code closes the challenge.
 */
export async function verifyTwoFactorLogin(
  deps: AppDeps,
  req: Context['req'],
  input: { email: string; code: string; type: TwoFactorCodeType },
): Promise<{ user: SessionUser; token: string }> {
  const email = normalizeEmail(input.email);
  await enforceRateLimit(deps.rateLimiter, `2fa-login:${email}|${req.ip ?? 'unknown'}`, 5, 60);
  const invalid = () =>
    new AppError('VALIDATION_ERROR', ACCOUNT_MESSAGES.invalidTwoFactorCode, {
      errors: { code: [ACCOUNT_MESSAGES.invalidTwoFactorCode] },
    });

  const user = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) throw invalid();
  const now = deps.clock.now();
  const challenge = await deps.db
    .selectFrom('login_challenges')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', MAX_FAILED_CODES)
    .executeTakeFirst();
  if (!challenge || !user.two_factor_enabled) throw invalid();

  const ok = await verifyUserTwoFactorCode(deps, user.id, input.code, input.type, req);
  if (!ok) {
    const failed = challenge.failed_attempts + 1;
    if (failed >= MAX_FAILED_CODES) {
      await deps.db.deleteFrom('login_challenges').where('user_id', '=', user.id).execute();
    } else {
      await deps.db
        .updateTable('login_challenges')
        .set({ failed_attempts: failed })
        .where('user_id', '=', user.id)
        .execute();
    }
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'login',
      action: 'login.failed',
      description: 'Failed sign-in attempt (wrong two-factor code)',
      severity: 'medium',
    });
    throw invalid();
  }

  // Only one request may consume the challenge.
  const consumed = await deps.db
    .deleteFrom('login_challenges')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (Number(consumed.numDeletedRows) === 0) throw invalid();

  const { token } = await createSession(deps, user.id, { ip: req.ip, userAgent: req.userAgent });
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'login',
    action: 'login.success',
    description:
      input.type === 'recovery'
        ? 'Signed in with a recovery code'
        : 'Signed in with two-factor authentication',
  });
  return { user, token };
}
