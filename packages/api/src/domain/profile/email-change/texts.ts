/** How long the confirmation link sent to the new address lives. */
export const EMAIL_CHANGE_LIFETIME_HOURS = 24;
export const LIFETIME_MS = EMAIL_CHANGE_LIFETIME_HOURS * 60 * 60 * 1000;

export const EMAIL_CHANGE_TEXTS = {
  pending: (email: string) =>
    `We sent a confirmation link to ${email}. Your email address changes when you open it.`,
  currentPasswordRequired: 'Enter your current password to change your email address.',
  wrongCurrentPassword: 'The current password is incorrect.',
  confirmed: (email: string) => `Your email address is now ${email}.`,
  invalidLink: 'This email change link is invalid or has expired.',
  taken: 'This email address now belongs to another account, so the email change was cancelled.',
  resent: (email: string) => `We sent a new confirmation link to ${email}.`,
  nothingPending: 'There is no pending email change.',
  cancelled: 'The email change was cancelled. Your email address stays the same.',
} as const;

export type PendingEmailChange = { email: string; expires_at: string };
