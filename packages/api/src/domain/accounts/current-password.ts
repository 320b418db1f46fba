import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { validationError } from '../../core/errors';
import { verifyPassword } from '../../core/passwords';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { recordActivity } from '../activity';
import type { SessionUser } from '../sessions';

/**
 * The signed-in person's password, asked again before a sensitive change: five tries a minute per
 * account (the `bucket`), a missing one refused with `missing` when given, a wrong one recorded
 * as the security event `failure` (when given) and refused on `field` with `wrong`.
 */
export async function checkCurrentPassword(
  deps: AppDeps,
  req: ClientInfo,
  user: SessionUser,
  password: string | undefined,
  check: {
    bucket: string;
    field: string;
    wrong: string;
    missing?: string;
    failure?: { action: string; description: string };
  },
): Promise<void> {
  await enforceRateLimit(deps.rateLimiter, `${check.bucket}:${user.id}`, 5, 60);
  if (!password && check.missing) throw validationError(check.field, check.missing);
  if (password && (await verifyPassword(user.password_hash, password))) return;
  if (check.failure) {
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'security',
      ...check.failure,
      severity: 'medium',
    });
  }
  throw validationError(check.field, check.wrong);
}
