import { z } from 'zod';
import type { ActivityType } from '@scmp/db';

/**
 * The shapes the activity procedures (profile.activity*) answer with: one zod schema each, the
 * service's return type is its z.output and the routers' .output() reuse it. Strict: a key the
 * service returns that is not here fails output validation (the doors-agree test calls every
 * procedure).
 */

export const ACTIVITY_PERIODS = [7, 30, 90, 365] as const;
export const ACTIVITY_TYPES = [
  'login',
  'security',
  'profile',
  'organization',
  'settings',
] as const satisfies readonly ActivityType[];
export const ACTIVITY_FILTERS = ['all', ...ACTIVITY_TYPES] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

/** The filters of the log, its chart and its CSV export. */
export const activityFilterInput = {
  type: z
    .enum(ACTIVITY_FILTERS, {
      error: 'The type must be one of all, login, security, profile, organization, settings.',
    })
    .default('all'),
  days: z.coerce
    .number({ error: 'The days must be one of 7, 30, 90, 365.' })
    .refine(
      (v) => (ACTIVITY_PERIODS as readonly number[]).includes(v),
      'The days must be one of 7, 30, 90, 365.',
    )
    .default(30),
};

/** One event of the log. */
export const activityOutput = z.strictObject({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  action: z.string(),
  description: z.string(),
  ip_address: z.string().nullable(),
  device: z.string().nullable(),
  location: z.string().nullable(),
  severity: z.enum(['info', 'medium', 'high']),
  timestamp: z.string(),
});
export type ActivityOutput = z.output<typeof activityOutput>;

/** GET /activity/summary. */
export const activitySummaryOutput = z.strictObject({
  successful_logins: z.number().int(),
  failed_attempts: z.number().int(),
  active_devices: z.number().int(),
  days: z.number().int(),
});
export type ActivitySummary = z.output<typeof activitySummaryOutput>;

const count = z.number().int();

/** GET /activity/daily: one entry per UTC calendar day, oldest first. */
export const activityDailyOutput = z.strictObject({
  days: count,
  type: activityFilterInput.type.unwrap(),
  series: z.array(
    z.strictObject({
      date: z.string(),
      total: count,
      by_type: z.strictObject({
        login: count,
        security: count,
        profile: count,
        organization: count,
        settings: count,
      }),
    }),
  ),
});
export type ActivityDaily = z.output<typeof activityDailyOutput>;
