import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  isCommonPassword,
  normalizeEmail,
  userOutput,
} from '../../../domain/accounts';

/** Required e-mail text as typed (login, resend, forgot): no format check, so every miss looks alike. */
export const emailField = z
  .string({ error: 'The email field is required.' })
  .trim()
  .min(1, 'The email field is required.')
  .max(320, 'The email may not be longer than 320 characters.');

/** The input of an operation that takes only an e-mail address (resend, forgot, single sign-on). */
export const emailInput = z.object({ email: emailField });

/** A sign-in's answer: the user and the session's bearer token (register, two-factor, passkey). */
export const signedInOutput = z.object({ user: userOutput, token: z.string() });

/** A well-formed address, normalised (NFKC, lower-case). */
export const validEmailField = emailField
  .transform(normalizeEmail)
  .pipe(z.email('Please enter a valid email address.'));

/** A new password: at least 8 characters, up to 1024, not one of the most common ones. */
export const newPasswordField = z
  .string({ error: 'The password field is required.' })
  .min(8, ACCOUNT_MESSAGES.passwordTooShort)
  .max(1024, ACCOUNT_MESSAGES.passwordTooLong)
  .refine((value) => !isCommonPassword(value), ACCOUNT_MESSAGES.commonPassword);

export const passwordConfirmationField = z.string({
  error: 'Please confirm your password.',
});

/** superRefine of a form with a new password: the confirmation must repeat it. */
export function confirmationMatches(
  value: { password: string; password_confirmation: string },
  ctx: z.RefinementCtx,
): void {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: ACCOUNT_MESSAGES.passwordsMismatch,
    });
  }
}

/** The token of an e-mail change link (confirm, or cancel from the old address). */
export const emailChangeTokenInput = z.object({
  token: z
    .string({ error: 'Invalid or missing link token' })
    .min(1, 'Invalid or missing link token')
    .max(200, 'Invalid or missing link token'),
});
