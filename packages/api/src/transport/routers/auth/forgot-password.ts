import { ACCOUNT_MESSAGES, requestPasswordReset } from '../../../domain/accounts';
import { emailLinkRequest } from './email-link-request';

/** Same answer for known and unknown addresses. */
export const forgotPassword = emailLinkRequest(
  'POST /auth/forgot-password',
  'E-mail a password reset link',
  requestPasswordReset,
  ACCOUNT_MESSAGES.resetLinkSent,
);
