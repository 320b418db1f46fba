import { z } from 'zod';
import { toUserOutput, userOutput } from '../accounts';
import type { SessionUser } from '../sessions';
import type { PendingEmailChange } from './email-change/texts';

/**
 * The shapes the profile procedures answer with: one zod schema each, the service's return type is
 * its z.output and the routers' .output() reuse it. Strict: a key the service returns that is not
 * here fails output validation (the doors-agree test calls every procedure).
 */

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
