import type { AppDeps } from '../../deps';

export type TwoFactorCodeType = 'totp' | 'recovery';

/**
 * Checks a sign-in code for a user with two-factor on: a TOTP code (±1 step, no replay) or an
 * unused recovery code (consumed on success). Owned by the two-factor area.
 */
export async function verifyUserTwoFactorCode(
  _deps: AppDeps,
  _userId: number,
  _code: string,
  _type: TwoFactorCodeType,
): Promise<boolean> {
  return false;
}
