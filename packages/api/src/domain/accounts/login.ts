import { randomBytes } from 'node:crypto';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { VERIFICATION_REQUIRED_TEXT } from '../../contracts/auth-texts';
import { recordActivity } from '../activity';
import { checkSignInPolicy, hasPasskey } from '../sso';
import {
  hashPassword,
  LOGIN_MAX_QUEUE_MS,
  needsRehash,
  verifyPassword,
} from '../../core/passwords';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { createSession, type SessionUser } from '../sessions';
import { normalizeEmail, userByEmail } from './email';
import { ACCOUNT_MESSAGES } from './messages';
import { openLoginChallenge } from './two-factor-login';

const LOGIN_ATTEMPTS_PER_MINUTE = 5;

let dummyHash: Promise<string> | undefined;

/** A real argon2id hash of a random secret: unknown e-mails cost the same verify as wrong passwords. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

/** Warms the dummy hash so the first unknown-e-mail login is not slower than the rest. */
export function warmLoginDummyHash(): void {
  void getDummyHash();
}

export type LoginResult =
  | { kind: 'session'; user: SessionUser; token: string }
  | { kind: 'two-factor'; email: string; challengeToken: string; passkeyAvailable: boolean };

export function loginThrottleKey(email: string, ip: string | null): string {
  return `login:${normalizeEmail(email)}|${ip ?? 'unknown'}`;
}

export async function attemptLogin(
  deps: AppDeps,
  req: ClientInfo,
  input: { email: string; password: string },
): Promise<LoginResult> {
  const email = normalizeEmail(input.email);
  const throttleKey = loginThrottleKey(email, req.ip);
  await enforceRateLimit(
    deps.rateLimiter,
    throttleKey,
    LOGIN_ATTEMPTS_PER_MINUTE,
    60,
    ACCOUNT_MESSAGES.loginThrottled,
  );

  const user = await userByEmail(deps.db, email);
  const hash = user?.password_hash ?? (await getDummyHash());
  const passwordOk = await verifyPassword(hash, input.password, { maxQueueMs: LOGIN_MAX_QUEUE_MS });

  if (!user || !passwordOk) {
    if (user) {
      await recordActivity(deps, req, {
        userId: user.id,
        type: 'login',
        action: 'login.failed',
        description: 'Failed sign-in attempt (wrong password)',
        severity: 'medium',
      });
    }
    throw new AppError('UNAUTHENTICATED', ACCOUNT_MESSAGES.invalidCredentials);
  }

  await deps.rateLimiter.reset(throttleKey);
  if (needsRehash(user.password_hash)) {
    await deps.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.password) })
      .where('id', '=', user.id)
      .execute();
  }

  if (deps.config.requireVerifiedLogin && !user.email_verified_at) {
    throw new AppError('FORBIDDEN', VERIFICATION_REQUIRED_TEXT, {
      extra: { email_verification_required: true, email: user.email },
    });
  }

  // Require SSO (issue 37): covered members go to their identity provider; the owner passes
  // with a second factor (break-glass, recorded when the second step succeeds).
  await checkSignInPolicy(deps, user, 'password');

  if (user.two_factor_enabled) {
    const challengeToken = await openLoginChallenge(deps, user.id);
    // A passkey may answer the second step instead of a code (the password is already proven).
    const passkeyAvailable = await hasPasskey(deps.db, user.id);
    return { kind: 'two-factor', email: user.email, challengeToken, passkeyAvailable };
  }

  const { token } = await createSession(deps, user.id, { ip: req.ip, userAgent: req.userAgent });
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'login',
    action: 'login.success',
    description: 'Signed in',
  });
  return { kind: 'session', user, token };
}
