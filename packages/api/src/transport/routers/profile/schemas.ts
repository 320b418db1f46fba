import { z } from 'zod';
import { newPasswordField } from '../auth/schemas';

const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Must be text.' })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

export const PHONE_TEXT = 'Enter the phone number in international format, e.g. +44 20 7946 0958.';
export const WEBSITE_TEXT = 'Enter a valid website address, e.g. https://example.com.';

export const profileInput = z.object({
  name: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(255, 'The name may not be longer than 255 characters.'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(320, 'The email may not be longer than 320 characters.')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email address'),
  current_password: z
    .string({ error: 'Enter your current password to change your email address.' })
    .max(1024, 'The current password is incorrect.')
    .optional()
    .describe('Required when `email` differs from the current address.'),
  phone: optionalText(32, PHONE_TEXT).refine(
    (value) => value === null || /^\+[1-9]\d{6,14}$/.test(value.replace(/[\s().-]/g, '')),
    PHONE_TEXT,
  ),
  location: optionalText(255, 'The location may not be longer than 255 characters.'),
  website: optionalText(255, 'The website may not be longer than 255 characters.')
    .transform((value) =>
      value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value,
    )
    .refine((value) => {
      if (value === null) return true;
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.')
        );
      } catch {
        return false;
      }
    }, WEBSITE_TEXT),
  bio: optionalText(1000, 'The bio may not be longer than 1,000 characters.'),
});

export const changePasswordInput = z
  .object({
    current_password: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(1024, 'Current password is required'),
    password: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .pipe(newPasswordField),
    password_confirmation: z
      .string({ error: 'Please confirm your new password' })
      .min(1, 'Please confirm your new password'),
    revoke_api_tokens: z
      .boolean({ error: 'revoke_api_tokens must be true or false.' })
      .default(true)
      .describe('Also revoke every API token of the account (default true).'),
  })
  .refine((value) => value.password === value.password_confirmation, {
    message: 'Passwords do not match',
    path: ['password_confirmation'],
  });

const group = <K extends string>(keys: readonly K[]) =>
  z.strictObject(
    Object.fromEntries(
      keys.map((key) => [key, z.boolean({ error: `${key} must be true or false.` })]),
    ) as Record<K, z.ZodBoolean>,
  );

export const notificationPreferencesSchema = z.strictObject({
  email: group(['marketing', 'security', 'updates', 'reports'] as const),
  push: group(['messages', 'updates', 'security', 'marketing'] as const),
  sms: group(['security', 'urgent', 'marketing', 'updates'] as const),
});

export const activityOutput = z.strictObject({
  id: z.string(),
  type: z.enum(['login', 'security', 'profile', 'organization', 'settings']),
  action: z.string(),
  description: z.string(),
  ip_address: z.string().nullable(),
  device: z.string().nullable(),
  location: z.string().nullable(),
  severity: z.enum(['info', 'medium', 'high']),
  timestamp: z.string(),
});

export const activityFilterInput = {
  type: z
    .enum(['all', 'login', 'security', 'profile', 'organization', 'settings'], {
      error: 'The type must be one of all, login, security, profile, organization, settings.',
    })
    .default('all'),
  days: z.coerce
    .number({ error: 'The days must be one of 7, 30, 90, 365.' })
    .refine((v) => [7, 30, 90, 365].includes(v), 'The days must be one of 7, 30, 90, 365.')
    .default(30),
};

export const notificationHistoryItem = z.strictObject({
  id: z.string(),
  subject: z.string(),
  kind: z.string(),
  channel: z.literal('email'),
  status: z.enum(['pending', 'sent', 'failed', 'stored']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

/** A list page: `data` is the array, `next_cursor` fetches the next page (null at the end). */
const LIMIT_TEXT = 'The limit must be a number from 1 to 100.';

/** A page size from 1 to 100 (query strings arrive as text). */
export const pageLimit = (defaultSize: number) =>
  z.coerce
    .number({ error: LIMIT_TEXT })
    .int(LIMIT_TEXT)
    .min(1, LIMIT_TEXT)
    .max(100, LIMIT_TEXT)
    .default(defaultSize);

/** The input of a list read by cursor, 20 a page unless asked. */
export const cursorPageInput = {
  cursor: z.string().max(200).optional(),
  limit: pageLimit(20),
};

export function pagedEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    message: z.string().optional(),
    data: z.array(item),
    next_cursor: z.string().nullable(),
  });
}
