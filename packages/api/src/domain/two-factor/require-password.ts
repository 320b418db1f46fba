import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { AppError } from '../../core/errors';
import { verifyPassword } from '../../core/passwords';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import type { SessionUser } from '../sessions';
import { TWO_FACTOR_TEXTS } from './texts';

export type Req = ClientInfo;

export async function requirePassword(
  deps: AppDeps,
  user: SessionUser,
  password: string,
  action: string,
): Promise<void> {
  await enforceRateLimit(deps.rateLimiter, `two-factor:${action}:${user.id}`, 5, 60);
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError('VALIDATION_ERROR', TWO_FACTOR_TEXTS.wrongPassword, {
      errors: { password: [TWO_FACTOR_TEXTS.wrongPassword] },
    });
  }
}
