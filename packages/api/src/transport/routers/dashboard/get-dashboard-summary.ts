import { envelope, ok } from '../../envelope';
import {
  getDashboardSummary as summaryOf,
  dashboardSummarySchema,
} from '../../../domain/public-branding';
import { authedProcedure } from '../../trpc';

/** Counts behind the dashboard home's Getting Started checklist. */
export const getDashboardSummary = authedProcedure
  .meta({
    scope: 'organizations:read',
    openapi: {
      method: 'GET',
      path: '/dashboard/summary',
      // The REST contract predates the dashboard router: tag and operationId stay as published.
      tags: ['public-site'],
      operationId: 'publicSite-dashboardSummary',
      summary: 'Counts for the dashboard home checklist',
      description:
        'organization_count, branded_organization_count (organizations with saved branding of their own or on one ' +
        'of their live instances) and ' +
        'instance_count (instances that are not terminated) of the signed-in user.',
      protect: true,
    },
  })
  .output(envelope(dashboardSummarySchema))
  .query(async ({ ctx }) => ok(await summaryOf(ctx.deps, ctx.user.id)));
