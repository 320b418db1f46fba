import type { AppDeps } from '../../core/app-deps';
import type { CustomerOverview } from './customer-overview-schema';
import { needsAttention } from './needs-attention';
import {
  instanceCounts,
  organizationCounts,
  organizationsWithSubscription,
  problemInstances,
  ticketFigures,
} from './overview-queries';
import { subscriptionLine } from './subscription-lines';

export type { AttentionItem, CustomerOverview, SubscriptionLine } from './customer-overview-schema';

/**
 * The dashboard home's figures for the signed-in customer, over every organization they belong
 * to: five statements run side by side (organizations by status, instances by status and health,
 * instances with a problem, each organization with its subscription, the user's open tickets),
 * whatever the number of organizations.
 */
export async function customerOverview(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: { id: number; email_verified_at: Date | string | null },
): Promise<CustomerOverview> {
  const [orgs, instances, problems, billing, tickets] = await Promise.all([
    organizationCounts(deps.db, user.id),
    instanceCounts(deps.db, user.id),
    problemInstances(deps.db, user.id),
    organizationsWithSubscription(deps.db, user.id),
    ticketFigures(deps.db, user.id),
  ]);
  const lines = billing.map(subscriptionLine);
  const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
  return {
    organizations: { total: sum(orgs), by_status: orgs },
    instances: { total: sum(instances.by_status), ...instances },
    tickets: { open: tickets.open, awaiting_reply: tickets.awaiting_count },
    subscriptions: lines,
    needs_attention: needsAttention({
      emailVerified: user.email_verified_at !== null,
      lines,
      instances: problems,
      tickets,
      graceDays: deps.config.billing.gracePeriodDays,
    }),
  };
}
