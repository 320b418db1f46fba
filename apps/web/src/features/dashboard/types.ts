import type { RouterOutputs } from '../../lib/types';

export type DashboardOverview = RouterOutputs['dashboard']['overview']['data'];
export type AttentionItem = DashboardOverview['needs_attention'][number];
export type SubscriptionLine = DashboardOverview['subscriptions'][number];

/** "3 Jan 2027" (UTC, as the server's dates are days). */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** "2 active · 1 pending": the non-zero parts, or the fallback when all are zero. */
export function parts(entries: Array<[number, string]>, fallback: string): string {
  const shown = entries.filter(([n]) => n > 0).map(([n, label]) => `${n} ${label}`);
  return shown.length ? shown.join(' · ') : fallback;
}

/** Where a member without a billing role is told the subscription lives (issue 40). */
export const MANAGED_BY_OWNER = "Managed by the organization's owner";
