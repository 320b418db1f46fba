import { z } from 'zod';

/**
 * Uptime over one period: each period of GET /instances/{uuid}/health, and each instance's
 * figures in GET /instances/uptime.
 */
const uptimePeriod = z.strictObject({
  uptime: z.number().nullable().describe('Healthy checks in percent; null without checks'),
  checks: z.number().int(),
  failed: z.number().int(),
});

/**
 * GET /instances/{uuid}/health: one zod schema, the service's return type is its z.output and the router's .output() is
 * the schema itself. Strict: a key the service returns that is not here fails output validation.
 */
export const instanceHealthSchema = z.strictObject({
  uptime: z.strictObject({ '24h': uptimePeriod, '7d': uptimePeriod, '30d': uptimePeriod }),
  checks: z.array(
    z.strictObject({
      checked_at: z.string(),
      healthy: z.boolean(),
      status_code: z.number().int().nullable(),
      response_ms: z.number().int(),
    }),
  ),
  incidents: z.array(
    z.strictObject({
      started_at: z.string(),
      ended_at: z.string().nullable(),
      duration_seconds: z.number().int(),
      failed_checks: z.number().int(),
    }),
  ),
});

export type InstanceHealth = z.output<typeof instanceHealthSchema>;
export type UptimePeriod = z.output<typeof uptimePeriod>;

/**
 * GET /instances/uptime: one zod schema, the service's return type is its z.output and the router's .output() is
 * the schema itself. Strict: a key the service returns that is not here fails output validation.
 */
export const instancesUptimeSchema = z.strictObject({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  instances: z.array(
    z.strictObject({
      uuid: z.string(),
      ...uptimePeriod.shape,
      days: z.array(
        z.strictObject({
          date: z.string(),
          checks: z.number().int(),
          healthy: z.number().int(),
          uptime: z.number().nullable(),
        }),
      ),
    }),
  ),
});

export type UptimeDays = z.output<typeof instancesUptimeSchema>;
export type InstanceUptime = UptimeDays['instances'][number];
export type UptimeDay = InstanceUptime['days'][number];
