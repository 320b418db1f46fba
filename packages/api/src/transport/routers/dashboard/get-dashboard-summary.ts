import { envelope, ok } from '../../envelope';
import {
  getDashboardSummary as summaryOf,
  dashboardSummarySchema,
} from '../../../domain/public-branding';
import { publicSite } from '../public-site/area';

/** Counts behind the dashboard home's Getting Started checklist. */
export const getDashboardSummary = publicSite
  .authed('GET /dashboard/summary', 'Counts for the dashboard home checklist', {
    // The REST contract predates the dashboard router: tag and operationId stay as published.
    scope: 'organizations:read',
    operationId: 'publicSite-dashboardSummary',
    description:
      'organization_count, branded_organization_count (organizations with saved branding of their own or on one ' +
      'of their live instances) and ' +
      'instance_count (instances that are not terminated) of the signed-in user.',
  })
  .output(envelope(dashboardSummarySchema))
  .query(async ({ ctx }) => ok(await summaryOf(ctx.deps, ctx.user.id)));
