import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { constantTimeEqual, generateToken, sha256Hex } from '../../core/tokens';
import { recordActivity } from '../activity';
import { hashPassword } from '../../core/passwords';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { revokeUserSessions } from '../sessions';
import {
  dropPendingEmailChange,
  endLoginChallenges,
  noticeApiTokensRevoked,
  revokeAllApiTokens,
} from './credentials';
import { normalizeEmail } from './email';
import { ACCOUNT_MESSAGES } from './messages';
import { sendAccountMail } from './account-mail';
import { accountNamedByEmailForm } from './email-form';
import { consumeSingleUseRow } from '../../core/single-use-rows';

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;
const RESEND_GAP_MS = 60 * 1000;

/**
 * Sends a reset link when the address has an account (the caller answers the same either way).
 * One live token per user; at most one e-mail per address per 60 s.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  req: ClientInfo,
  rawEmail: string,
): Promise<void> {
  const user = await accountNamedByEmailForm(deps, req, rawEmail, {
    bucket: 'forgot-password',
    max: 10,
  });
  if (!user) return;
  const now = deps.clock.now();
  const current = await deps.db
    .selectFrom('password_reset_tokens')
    .select('created_at')
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (current && now.getTime() - new Date(current.created_at).getTime() < RESEND_GAP_MS) return;

  const token = generateToken(32);
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
  await deps.db
    .insertInto('password_reset_tokens')
    .values({
      user_id: user.id,
      token_hash: sha256Hex(token),
      created_at: now,
      expires_at: expiresAt,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        token_hash: sha256Hex(token),
        created_at: now,
        expires_at: expiresAt,
      }),
    )
    .execute();

  const base = deps.config.appUrl.replace(/\/+$/, '');
  const url = `${base}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`;
  await sendAccountMail(deps, user, 'password-reset', {
    title: 'Reset your password',
    paragraphs: [
      `Hi ${user.name},`,
      'We received a request to reset the password of your account. Click the button below to choose a new password.',
      'This link expires in 60 minutes and can be used once.',
    ],
    action: { label: 'Reset Password', url },
    footnote: 'If you did not request a password reset, no further action is required.',
  });
}

/**
 * Sets a new password with a live token and ends every credential of the account (issue 39):
 * every session, every API token (their names are e-mailed), the reset link itself, open
 * two-factor sign-ins and a pending e-mail change. E-mails a notice.
 */
export async function resetPassword(
  deps: AppDeps,
  req: ClientInfo,
  input: { email: string; token: string; password: string },
): Promise<void> {
  await enforceRateLimit(deps.rateLimiter, `reset-password:${req.ip ?? 'unknown'}`, 10, 60);
  const invalid = () => new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.invalidResetToken);
  const email = normalizeEmail(input.email);
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('email', '=', email)
    .executeTakeFirst();
  if (!user) throw invalid();
  const row = await deps.db
    .selectFrom('password_reset_tokens')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  const now = deps.clock.now();
  if (
    !row ||
    !constantTimeEqual(row.token_hash, sha256Hex(input.token)) ||
    new Date(row.expires_at).getTime() <= now.getTime()
  ) {
    throw invalid();
  }
  const passwordHash = await hashPassword(input.password);
  const revokedTokens = await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeSingleUseRow(trx, 'password_reset_tokens', user.id, row.token_hash)))
      throw invalid();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions({ db: trx, clock: deps.clock }, user.id);
    await endLoginChallenges(trx, user.id);
    await dropPendingEmailChange(trx, user.id);
    const revoked = await revokeAllApiTokens(trx, now, user.id);
    await recordActivity(
      deps,
      req,
      {
        userId: user.id,
        type: 'security',
        action: 'password.reset',
        description: 'Password reset via email link',
        severity: 'medium',
      },
      trx,
    );
    await sendAccountMail(
      deps,
      user,
      'password-changed',
      {
        title: 'Your password was changed',
        paragraphs: [
          `Hi ${user.name},`,
          'The password of your account was just reset: every device was signed out, every API token revoked and any pending email change cancelled.',
          'If this was not you, reset your password again straight away and contact support.',
        ],
        action: { label: 'Sign in', url: `${deps.config.appUrl.replace(/\/+$/, '')}/login` },
      },
      trx,
    );
    return revoked;
  });
  await noticeApiTokensRevoked(deps, req, user, revokedTokens, 'when your password was reset');
}
