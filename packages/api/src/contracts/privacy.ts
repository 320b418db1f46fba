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
} as const;
