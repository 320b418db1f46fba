import { z } from 'zod';

/**
 * GET /dashboard/summary: one zod schema, the service's return type is its z.output and the router's .output() is
 * the schema itself. Strict: a key the service returns that is not here fails output validation.
 */
export const dashboardSummarySchema = z.strictObject({
  organization_count: z.number().int(),
  branded_organization_count: z.number().int(),
  instance_count: z.number().int(),
});

export type DashboardSummary = z.output<typeof dashboardSummarySchema>;
