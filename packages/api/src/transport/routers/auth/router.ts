import { router } from '../../trpc';
import { cancelEmailChange } from './cancel-email-change';
import { forgotPassword } from './forgot-password';
import { login } from './login';
import { logout } from './logout';
import { passkeyOptions } from './passkey-options';
import { passkeyVerify } from './passkey-verify';
import { me } from './me';
import { register } from './register';
import { resendVerification } from './resend-verification';
import { resetPassword } from './reset-password';
import { twoFactorVerify } from './two-factor-verify';
import { validateSession } from './validate-session';
import { verifyEmail } from './verify-email';

/** Procedures of the auth area. */
export const authRouter = router({
  me,
  register,
  login,
  logout,
  validateSession,
  verifyEmail,
  resendVerification,
  forgotPassword,
  resetPassword,
  cancelEmailChange,
  twoFactorVerify,
  passkeyOptions,
  passkeyVerify,
});
