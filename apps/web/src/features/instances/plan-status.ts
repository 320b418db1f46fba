import type { RouterOutputs } from '../../lib/types';

type SubscriptionLine = RouterOutputs['dashboard']['overview']['data']['subscriptions'][number];

/**
 * Whether an organization's subscription lets it deploy, as far as the dashboard overview tells:
 * active or past due (within its grace period; the server refuses once suspended), or cancelled
 * while its paid period lasts. 'hidden' lines (no billing role) are not judged here: the server's
 * answer on submit stays the last word (billing/seams.ts assertDeployAllowed).
 */
export function hasActivePlan(line: SubscriptionLine | undefined, now = Date.now()): boolean {
  if (!line) return false;
  switch (line.state) {
    case 'active':
    case 'past_due':
    case 'hidden':
      return true;
    case 'cancelled':
      return !!line.service_ends_at && new Date(line.service_ends_at).getTime() > now;
    default:
      return false;
  }
}
