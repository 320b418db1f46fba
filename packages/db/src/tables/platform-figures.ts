import type { Generated } from 'kysely';
import type { CreatedAt } from './core';

/**
 * The operator console's counters (migration 2026_11_26_140000): kind 'users' (verified /
 * unverified, staff left out), 'organizations' (status), 'subscriptions' (plan:status, venues =
 * Σ additional_venues), 'instances' (status:health), 'tickets' (status:waiting|answered).
 */
export type PlatformCountersTable = {
  kind: string;
  key: string;
  count: string;
  venues: string;
};

/** +1 / −1 rows the triggers append; folded into platform_counters by a worker task. */
export type PlatformCounterDeltasTable = {
  id: Generated<string>;
  kind: string;
  key: string;
  count: number;
  venues: number;
};

/** One closed UTC day of platform figures. */
export type PlatformDailyFiguresTable = {
  day: string;
  mrr_pence: string;
  subscriptions_in_force: number;
  sign_ups: number;
  cancellations: number;
  first_response_median_seconds: number | null;
  first_response_tickets: number;
  /** 'snapshot': read from the counters when the day closed; 'reconstructed': from the rows. */
  mrr_source: 'snapshot' | 'reconstructed';
  recorded_at: CreatedAt;
};

export type PlatformFiguresTables = {
  platform_counters: PlatformCountersTable;
  platform_counter_deltas: PlatformCounterDeltasTable;
  platform_daily_figures: PlatformDailyFiguresTable;
};
