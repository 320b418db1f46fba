import { ACCOUNT_MESSAGES, resendVerification as resend } from '../../../domain/accounts';
import { emailLinkRequest } from './email-link-request';

/** Same answer whether or not the address exists or is already verified. */
export const resendVerification = emailLinkRequest(
  'POST /auth/resend-verification',
  'Send a new verification link',
  resend,
  ACCOUNT_MESSAGES.verificationResent,
);
