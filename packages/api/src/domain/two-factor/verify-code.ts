import type { AppDeps } from '../../core/app-deps';
import {
  checkTwoFactorCodeForUser,
  verifyTwoFactorCodeForUser,
  type TwoFactorCodeCheck,
} from './sign-in-check';
import { TWO_FACTOR_TEXTS } from './texts';

export type { TwoFactorCodeCheck } from './sign-in-check';

/** What the replay block answers: the code was right, but its time step was just used. */
export const REUSED_CODE_TEXT = TWO_FACTOR_TEXTS.reusedCode;

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

/** As verifyUserTwoFactorCode, telling a replayed (already used) TOTP code from a wrong one. */
export async function checkUserTwoFactorCode(
  deps: AppDeps,
  userId: number,
  code: string,
  type: TwoFactorCodeType,
  req: { ip: string | null; userAgent: string | null } | null = null,
): Promise<TwoFactorCodeCheck> {
  return checkTwoFactorCodeForUser(deps, userId, code, type, req);
}
