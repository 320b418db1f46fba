import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { validationError } from '../../core/errors';
import { recordActivity } from '../activity';
import { hashPassword } from '../../core/passwords';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { createSession, insertNewUser, type SessionUser } from '../sessions';
import { isAddressOfDeletedAccount } from './deleted-addresses';
import { dropPendingChangesTo } from './dropped-email-changes';
import { normalizeEmail } from './email';
import { ACCOUNT_MESSAGES } from './messages';
import { sendVerificationEmail } from './verification';
import { accountNamedByEmailForm } from './email-form';
import { isUniqueViolation } from '../../core/unique-violation';

/** Creates the account (e-mail stored normalised), signs it in and sends the verification e-mail. */
export async function registerUser(
  deps: AppDeps,
  req: ClientInfo,
  input: { name: string; email: string; password: string },
): Promise<{ user: SessionUser; token: string }> {
  await enforceRateLimit(deps.rateLimiter, `register:${req.ip ?? 'unknown'}`, 60, 60);
  const email = normalizeEmail(input.email);
  const taken = () => validationError('email', ACCOUNT_MESSAGES.emailTaken);
  const existing = await deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  // A deleted account keeps its address for its 30 days (it can still be restored).
  if (existing || (await isAddressOfDeletedAccount(deps.db, email))) throw taken();

  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  let user: SessionUser;
  try {
    user = await insertNewUser(
      deps.db,
      { name: input.name, email, password_hash: passwordHash, email_verified_at: null },
      now,
    )
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  // A pending e-mail change of another account never blocks the address (issue 39): it is
  // dropped now that the address belongs to this account.
  await dropPendingChangesTo(deps, email);
  const { token } = await createSession(deps, user.id, { ip: req.ip, userAgent: req.userAgent });
  await sendVerificationEmail(deps, user);
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'account.created',
    description: 'Account created',
  });
  return { user, token };
}

/** Sends a fresh verification link when the address belongs to an unverified account; silent otherwise. */
export async function resendVerification(
  deps: AppDeps,
  req: ClientInfo,
  rawEmail: string,
): Promise<void> {
  const user = await accountNamedByEmailForm(deps, req, rawEmail, {
    bucket: 'resend-verification',
    max: 6,
  });
  if (!user || user.email_verified_at) return;
  // At most one link per address per minute, whoever asks.
  const perAddress = await deps.rateLimiter.hit(`resend-verification-to:${user.email}`, 1, 60);
  if (!perAddress.allowed) return;
  await sendVerificationEmail(deps, user);
}
