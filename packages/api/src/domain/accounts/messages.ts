/** User-facing texts of the accounts area (server side). */
export const ACCOUNT_MESSAGES = {
  invalidCredentials: 'These credentials do not match our records.',
  loginThrottled: (seconds: number) =>
    `Too many login attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  loginSuccess: 'Login successful',
  twoFactorRequired: 'Two-factor authentication required',
  registered: 'Registration successful. Please check your email to verify your account.',
  emailTaken: 'An account with this email address already exists.',
  commonPassword: 'This password is too common. Please choose a less common password.',
  passwordsMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password may not be longer than 1024 characters.',
  loggedOut: 'Logged out successfully',
  emailVerified: 'Email verified successfully',
  alreadyVerified: 'Your email address has already been verified.',
  invalidVerificationLink: 'This verification link is invalid or has expired.',
  verificationResent:
    'If this email address needs verifying, a new verification link has been sent. Please check your inbox.',
  resetLinkSent:
    'If an account exists for this email address, a password reset link has been sent to it.',
  passwordReset: 'Password reset successfully',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  invalidTwoFactorCode: 'Invalid verification code',
  reusedTwoFactorCode: 'This code was just used — wait for the next one',
} as const;
