import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { normalizeEmail } from './email';

/**
 * The account a form that asks only for an e-mail address names (forgot password, resend
 * verification), after the per-client limit of the form's `bucket` (`max` a minute): undefined
 * when no account has the address, which the caller answers the same as when one has.
 */
export async function accountNamedByEmailForm(
  deps: AppDeps,
  req: ClientInfo,
  rawEmail: string,
  limit: { bucket: string; max: number },
) {
  await enforceRateLimit(deps.rateLimiter, `${limit.bucket}:${req.ip ?? 'unknown'}`, limit.max, 60);
  return deps.db
    .selectFrom('users')
    .select(['id', 'uuid', 'name', 'email', 'email_verified_at'])
    .where('email', '=', normalizeEmail(rawEmail))
    .executeTakeFirst();
}
