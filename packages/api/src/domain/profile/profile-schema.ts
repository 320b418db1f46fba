import { z } from 'zod';
import { requiredText } from '../../contracts/text-input';
import { toUserOutput, userOutput } from '../accounts';
import type { SessionUser } from '../sessions';
import type { PendingEmailChange } from './email-change/texts';

/**
 * The shapes the profile procedures answer with: one zod schema each, the service's return type is
 * its z.output and the routers' .output() reuse it. Strict: a key the service returns that is not
 * here fails output validation (the doors-agree test calls every procedure).
 */

const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Must be text.' })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));

export const PHONE_TEXT = 'Enter the phone number in international format, e.g. +44 20 7946 0958.';
export const WEBSITE_TEXT = 'Enter a valid website address, e.g. https://example.com.';

/** PUT /user/profile: the personal information (a new e-mail address needs the password). */
export const profileInput = z.object({
  name: requiredText(
    'Full name is required',
    255,
    'The name may not be longer than 255 characters.',
  ),
  email: requiredText(
    'Email is required',
    320,
    'The email may not be longer than 320 characters.',
  ).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email address'),
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

export type ProfileInput = z.output<typeof profileInput>;

/** The profile: the user, and the address it is changing to while that waits for confirmation. */
export const profileOutput = userOutput.extend({
  pending_email: z
    .string()
    .nullable()
    .describe('The requested new address, until its confirmation link is opened; else null.'),
  pending_email_expires_at: z
    .string()
    .nullable()
    .describe('When the confirmation link of the pending address expires.'),
});
export type ProfileOutput = z.output<typeof profileOutput>;

export function toProfileOutput(
  user: SessionUser,
  pending: PendingEmailChange | null,
): ProfileOutput {
  return {
    ...toUserOutput(user),
    pending_email: pending?.email ?? null,
    pending_email_expires_at: pending?.expires_at ?? null,
  };
}

/** One of the user's live sessions. */
export const sessionOutput = z.strictObject({
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  ip_address: z.string().nullable(),
  location: z.string(),
  last_active: z.string(),
  current: z.boolean(),
  sign_in_method: z
    .string()
    .nullable()
    .describe(
      'How the session was signed in when not with a password or passkey: "SSO — <connection>"',
    ),
});
export type SessionOutput = z.output<typeof sessionOutput>;
