import type { AppDeps } from '../../app-deps';
import { verifyTwoFactorCodeForUser } from './two-factor';

export type TwoFactorCodeType = 'totp' | 'recovery';

/**
 * Checks a sign-in code for a user with two-factor on: a TOTP code (±1 step, no replay) or an
 * unused recovery code (consumed on success). Owned by the two-factor area.
 */
export async function verifyUserTwoFactorCode(
  deps: AppDeps,
  userId: number,
  code: string,
  type: TwoFactorCodeType,
  req: { ip: string | null; userAgent: string | null } | null = null,
): Promise<boolean> {
  return verifyTwoFactorCodeForUser(deps, userId, code, type, req);
}
