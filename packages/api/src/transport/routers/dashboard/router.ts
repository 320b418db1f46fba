import { router } from '../../trpc';
import { getDashboardOverview } from './get-dashboard-overview';
import { getDashboardSummary } from './get-dashboard-summary';

/** The signed-in dashboard home: the Getting Started counts and the overview of what needs attention. */
export const dashboardRouter = router({
  summary: getDashboardSummary,
  overview: getDashboardOverview,
});
