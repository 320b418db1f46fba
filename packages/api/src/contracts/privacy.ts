import { z } from 'zod';

/** Minutes a password confirmation keeps a session fresh for sensitive operations. */
export const REAUTH_FRESH_MINUTES = 10;
/** Days a finished data export can be downloaded. */
export const DATA_EXPORT_EXPIRY_DAYS = 7;
/** One export per account (or organization) per this many hours. */
export const DATA_EXPORT_INTERVAL_HOURS = 24;

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'expired', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

export const confirmPasswordInput = z.object({
  password: z.string().min(1, 'Please enter your password.').max(1000),
});

/** Days a deleted account can be restored before it is purged. */
export const ACCOUNT_RESTORE_DAYS = 30;

export const deleteAccountInput = z.object({
  password: z.string().min(1, 'Please enter your password.').max(1000),
  confirm: z.literal('DELETE', { error: 'Type DELETE to confirm.' }),
});

export const restoreAccountInput = z.object({
  token: z.string().min(1).max(200),
});

export const PRIVACY_TEXTS = {
  passwordConfirmed: 'Password confirmed.',
  wrongPassword: 'The provided password is incorrect.',
  reauthRequired: 'Please confirm your password to continue.',
  exportRequested: "We're preparing your data export. We'll e-mail you when it's ready.",
  exportTooSoon: (hours: number) =>
    `You can request one data export every 24 hours. Please try again in ${hours} hour${hours === 1 ? '' : 's'}.`,
  exportNotFound: 'Data export not found.',
  exportNotReady: 'This data export is not ready yet.',
  exportExpired: 'This data export has expired. Please request a new one.',
  exportReadySubject: 'Your data export is ready',
  accountDeleted:
    'Your account has been deleted. We have e-mailed you a link to restore it within 30 days.',
  soleOwner: (names: string[]) =>
    `You are the only owner of ${names.map((n) => `"${n}"`).join(', ')}, which still ${names.length === 1 ? 'has' : 'have'} other members or a live subscription. Transfer ownership or close the organization first.`,
  accountDeletedSubject: 'Your account has been deleted',
  restoreInvalid: 'This restore link is invalid or has expired.',
  accountRestored: 'Your account has been restored. Sign in with your password.',
  deletedUser: 'Deleted user',
} as const;
