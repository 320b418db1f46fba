import { envelope, ok } from '../../envelope';
import { customerOverview, customerOverviewSchema } from '../../../domain/insights';
import { publicSite } from '../public-site/area';

/** GET /dashboard/overview: the dashboard home's figures and what needs attention. */
export const getDashboardOverview = publicSite
  .authed(
    'GET /dashboard/overview',
    'Dashboard home figures and the problems that need attention',
    {
      // The REST contract predates the dashboard router: tag and operationId stay as published.
      scope: 'organizations:read',
      operationId: 'publicSite-dashboardOverview',
      description:
        'Over every organization the signed-in user belongs to: organizations by status, live ' +
        'instances by status and (active ones) by their latest health check, the user’s open ' +
        'tickets and those awaiting their answer to a staff reply, the subscription state of each ' +
        'organization (plan, next invoice date and amount, or past due since), and needs_attention: ' +
        'each problem (payment past due, unhealthy or suspended instance, certificate expiring, ' +
        'expired or failed, unverified e-mail, organization pending payment, unanswered staff ' +
        'reply) with a link to the page that fixes it, most severe first.',
    },
  )
  .output(envelope(customerOverviewSchema))
  .query(async ({ ctx }) => ok(await customerOverview(ctx.deps, ctx.user)));
