import type { RouterOutputs } from '../../lib/types';

export type DashboardOverview = RouterOutputs['dashboard']['overview']['data'];
export type AttentionItem = DashboardOverview['needs_attention'][number];
export type SubscriptionLine = DashboardOverview['subscriptions'][number];

export { formatDay } from '../../lib/format';

/** "2 active · 1 pending": the non-zero parts, or the fallback when all are zero. */
export function parts(entries: Array<[number, string]>, fallback: string): string {
  const shown = entries.filter(([n]) => n > 0).map(([n, label]) => `${n} ${label}`);
  return shown.length ? shown.join(' · ') : fallback;
}

/** Where a member without a billing role is told the subscription lives (issue 40). */
export const MANAGED_BY_OWNER = "Managed by the organization's owner";
