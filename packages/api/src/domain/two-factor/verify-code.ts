import { TWO_FACTOR_TEXTS } from './texts';

/**
 * Checks a sign-in code for a user with two-factor on: a TOTP code (±1 step, no replay) or an
 * unused recovery code (consumed on success). Owned by the two-factor area; the check itself is
 * in sign-in-check.ts (`checkUserTwoFactorCode` tells a replayed TOTP code from a wrong one,
 * `verifyUserTwoFactorCode` answers yes or no).
 */
export {
  checkTwoFactorCodeForUser as checkUserTwoFactorCode,
  verifyTwoFactorCodeForUser as verifyUserTwoFactorCode,
  type TwoFactorCodeCheck,
} from './sign-in-check';

/** What the replay block answers: the code was right, but its time step was just used. */
export const REUSED_CODE_TEXT = TWO_FACTOR_TEXTS.reusedCode;

export type TwoFactorCodeType = 'totp' | 'recovery';
