import { z } from 'zod';

/**
 * The shapes the notification procedures (profile.*Notification*) answer with: one zod schema
 * each, the service's return type is its z.output and the routers' .output() reuse it. Strict: a
 * key the service returns that is not here fails output validation.
 */

const group = <K extends string>(keys: readonly K[]) =>
  z.strictObject(
    Object.fromEntries(
      keys.map((key) => [key, z.boolean({ error: `${key} must be true or false.` })]),
    ) as Record<K, z.ZodBoolean>,
  );

/** The preferences: every switch of every group (also the input of PUT, which replaces them). */
export const notificationPreferencesSchema = z.strictObject({
  email: group(['marketing', 'security', 'updates', 'reports'] as const),
  push: group(['messages', 'updates', 'security', 'marketing'] as const),
  sms: group(['security', 'urgent', 'marketing', 'updates'] as const),
});
export type NotificationPreferencesOutput = z.output<typeof notificationPreferencesSchema>;

/** One e-mail sent to the user. */
export const notificationHistoryItem = z.strictObject({
  id: z.string(),
  subject: z.string(),
  kind: z.string(),
  channel: z.literal('email'),
  status: z.enum(['pending', 'sent', 'failed', 'stored']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type NotificationHistoryItem = z.output<typeof notificationHistoryItem>;
