/**
 * The accounts area's public face: sign-up, sign-in (password, two-factor step), e-mail
 * verification, password reset, what security events end, and the user's output shape. Above it
 * sit the profile (which changes what an account holds) and privacy (which deletes accounts);
 * below it two-factor, passkeys, SSO sign-in policy, sessions and security notices.
 */
export { isCommonPassword } from './common-passwords';
export { checkCurrentPassword } from './current-password';
export {
  dropPendingEmailChange,
  endLoginChallenges,
  endResetLinks,
  noticeApiTokensRevoked,
  revokeAllApiTokens,
  type RevokedApiToken,
} from './credentials';
export { isAddressOfDeletedAccount } from './deleted-addresses';
export { dropPendingChangesTo } from './dropped-email-changes';
export { normalizeEmail } from './email';
export { loginChallengeCookie } from './login-challenge-cookie';
export { attemptLogin, loginThrottleKey, warmLoginDummyHash, type LoginResult } from './login';
export { ACCOUNT_MESSAGES } from './messages';
export { requestPasswordReset, resetPassword } from './password-reset';
export { registerUser, resendVerification } from './registration';
export {
  LOGIN_CHALLENGE_LIFETIME_SECONDS,
  openLoginChallenge,
  verifyTwoFactorLogin,
} from './two-factor-login';
export { toUserOutput, userOutput, type UserOutput } from './user-output';
export {
  buildVerificationUrl,
  emailHash,
  sendVerificationEmail,
  verifyEmailLink,
  type VerifyEmailInput,
} from './verification';
