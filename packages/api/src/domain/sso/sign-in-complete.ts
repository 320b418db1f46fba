import type { AppDeps } from '../../core/app-deps';
import { SSO_TEXTS } from '../../contracts/sso';
import { AppError } from '../../core/errors';
import { sha256Hex } from '../../core/tokens';
import { recordActivity } from '../activity';
import { createSession } from '../sessions';
import { readSsoBrowserCookie, ssoBrowserCookie } from './cookie';
import type { Req } from './sign-in-start';
import { takeAttemptStep } from './attempt-steps';

/**
 * POST /auth/sso/complete { code }: the web app, in the browser that started the sign-in,
 * exchanges the one-time code for a session like any other sign-in's.
 */
export async function completeSsoSignIn(deps: AppDeps, req: Req, code: string) {
  const now = deps.clock.now();
  const browser = readSsoBrowserCookie(req.cookie);
  const attempt = await deps.db
    .selectFrom('sso_login_attempts')
    .innerJoin('sso_connections', 'sso_connections.id', 'sso_login_attempts.connection_id')
    .select([
      'sso_login_attempts.id',
      'sso_login_attempts.browser_hash',
      'sso_login_attempts.completion_user_id',
      'sso_connections.display_name',
    ])
    .where('sso_login_attempts.completion_hash', '=', sha256Hex(code))
    .where('sso_login_attempts.completed_at', 'is', null)
    .where('sso_login_attempts.completion_expires_at', '>', now)
    .executeTakeFirst();
  if (
    !attempt ||
    !attempt.completion_user_id ||
    !browser ||
    sha256Hex(browser) !== attempt.browser_hash
  )
    throw new AppError('UNAUTHENTICATED', SSO_TEXTS.completeInvalid);
  if (!(await takeAttemptStep(deps, attempt.id, 'completed_at', now)))
    throw new AppError('UNAUTHENTICATED', SSO_TEXTS.completeInvalid);
  const user = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', attempt.completion_user_id)
    .executeTakeFirstOrThrow();
  const { token, session } = await createSession(deps, user.id, {
    ip: req.ip,
    userAgent: req.userAgent,
  });
  await deps.db
    .insertInto('session_sign_in_methods')
    .values({ session_id: session.id, method: `SSO — ${attempt.display_name}` })
    .execute();
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'login',
    action: 'login.success',
    description: `Signed in with single sign-on (${attempt.display_name})`,
  });
  return {
    user,
    token,
    setCookies: [ssoBrowserCookie(deps.config.appUrl, '', 0)],
  };
}
