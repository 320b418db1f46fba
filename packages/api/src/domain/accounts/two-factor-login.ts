import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { generateToken, sha256Hex } from '../../core/tokens';
import { recordActivity } from '../activity';
import { checkSignInPolicy, recordBreakGlass } from '../sso';
import { noticePasskeyUsed, verifyPasskeySecondFactor } from '../passkeys';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { createSession, type SessionUser } from '../sessions';
import { checkUserTwoFactorCode, type TwoFactorCodeType } from '../two-factor';
import { normalizeEmail, userByEmail } from './email';
import { ACCOUNT_MESSAGES } from './messages';

export const LOGIN_CHALLENGE_LIFETIME_SECONDS = 5 * 60;
const MAX_FAILED_CODES = 5;

/**
 * Opens a two-factor sign-in challenge after a correct password and returns its token: proof of
 * the password step that only this sign-in holds (the database keeps its SHA-256). Every password
 * step gets its own challenge, so signing in on one device leaves another device's open.
 */
export async function openLoginChallenge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
): Promise<string> {
  const token = generateToken();
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + LOGIN_CHALLENGE_LIFETIME_SECONDS * 1000);
  // The user's ended challenges go as a new one opens, so rows do not pile up.
  await deps.db
    .deleteFrom('login_challenges')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
  await deps.db
    .insertInto('login_challenges')
    .values({
      token_hash: sha256Hex(token),
      user_id: userId,
      failed_attempts: 0,
      created_at: now,
      expires_at: expiresAt,
    })
    .execute();
  return token;
}

/**
 * Second step of a two-factor sign-in: only with the token of an open challenge that this user's
 * password step opened, and only with a good code or a passkey assertion of a challenge opened for
 * this password step. Every failure answers the same text; the fifth wrong answer closes the
 * challenge.
 */
export async function verifyTwoFactorLogin(
  deps: AppDeps,
  req: ClientInfo,
  input: { email: string; challengeToken: string | undefined } & (
    | { type: TwoFactorCodeType; code: string }
    | { type: 'passkey'; passkeyResponse: AuthenticationResponseJSON }
  ),
): Promise<{ user: SessionUser; token: string }> {
  const email = normalizeEmail(input.email);
  await enforceRateLimit(deps.rateLimiter, `2fa-login:${email}|${req.ip ?? 'unknown'}`, 5, 60);
  const invalid = () =>
    new AppError('VALIDATION_ERROR', ACCOUNT_MESSAGES.invalidTwoFactorCode, {
      errors: { code: [ACCOUNT_MESSAGES.invalidTwoFactorCode] },
    });

  if (!input.challengeToken) throw invalid();
  const tokenHash = sha256Hex(input.challengeToken);
  const user = await userByEmail(deps.db, email);
  if (!user?.two_factor_enabled) throw invalid();
  const now = deps.clock.now();
  // Missing, expired, used, closed and another sign-in's (or user's) challenges all look alike.
  const challenge = await deps.db
    .selectFrom('login_challenges')
    .select(['token_hash'])
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', user.id)
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', MAX_FAILED_CODES)
    .executeTakeFirst();
  if (!challenge) throw invalid();

  const passkeyName =
    input.type === 'passkey'
      ? await verifyPasskeySecondFactor(deps, user.id, tokenHash, input.passkeyResponse)
      : null;
  const check =
    input.type === 'passkey'
      ? passkeyName !== null
        ? 'ok'
        : 'invalid'
      : await checkUserTwoFactorCode(deps, user.id, input.code, input.type, req);
  if (check !== 'ok') {
    // Counted in the database, so concurrent wrong codes cannot share one count.
    const counted = await deps.db
      .updateTable('login_challenges')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('token_hash', '=', tokenHash)
      .returning(['failed_attempts'])
      .executeTakeFirst();
    if (counted && counted.failed_attempts >= MAX_FAILED_CODES) {
      await deps.db.deleteFrom('login_challenges').where('token_hash', '=', tokenHash).execute();
    }
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'login',
      action: 'login.failed',
      description:
        input.type === 'passkey'
          ? 'Failed sign-in attempt (passkey not verified)'
          : check === 'reused'
            ? 'Failed sign-in attempt (two-factor code already used)'
            : 'Failed sign-in attempt (wrong two-factor code)',
      severity: 'medium',
    });
    // The replay block says what it is: the code was right, but its time step is spent.
    if (check === 'reused') {
      throw new AppError('VALIDATION_ERROR', ACCOUNT_MESSAGES.reusedTwoFactorCode, {
        errors: { code: [ACCOUNT_MESSAGES.reusedTwoFactorCode] },
      });
    }
    throw invalid();
  }

  // Single use: only the request that deletes the open challenge goes on.
  const consumed = await deps.db
    .deleteFrom('login_challenges')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', user.id)
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', MAX_FAILED_CODES)
    .executeTakeFirst();
  if (Number(consumed.numDeletedRows) === 0) throw invalid();

  // Require SSO may have been switched on since the password step.
  const policy = await checkSignInPolicy(deps, user, 'password');
  const { token } = await createSession(deps, user.id, { ip: req.ip, userAgent: req.userAgent });
  if (policy.breakGlass) {
    const how =
      input.type === 'passkey'
        ? 'password and passkey'
        : input.type === 'recovery'
          ? 'password and a recovery code'
          : 'password and authenticator code';
    await recordBreakGlass(deps, req, user, policy.breakGlass, how);
  }
  if (passkeyName !== null) {
    await noticePasskeyUsed(deps, req, user, passkeyName, 'second-factor');
    return { user, token };
  }
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
