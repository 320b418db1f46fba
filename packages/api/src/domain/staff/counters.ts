import { sql } from 'kysely';
import type { AppDeps } from '../../core/app-deps';
import { PLANS, type PlanId } from '../../contracts/plans';

/**
 * Subscription statuses that count towards monthly recurring revenue: `active` and `past_due`
 * (still billed, the payment is being retried). Not `suspended` (past the grace period, service
 * stopped), `cancelled` (will not renew) or `expired`. There is no discount model in the schema
 * (no coupon or recurring discount column; credit_pence is a one-off balance), so MRR is the
 * plan price with its additional venues and nothing is subtracted.
 */
export const MRR_STATUSES = ['active', 'past_due'] as const;

/** (kind, key) → count and Σ venues, from the folded counters plus the deltas not folded yet. */
export type CounterRow = { kind: string; key: string; count: number; venues: number };

export async function readCounters(deps: Pick<AppDeps, 'db'>): Promise<CounterRow[]> {
  const result = await sql<{ kind: string; key: string; count: string; venues: string }>`
    SELECT kind, key, sum(count) AS count, sum(venues) AS venues FROM (
      SELECT kind, key, count, venues FROM platform_counters
      UNION ALL SELECT kind, key, count, venues FROM platform_counter_deltas
    ) c GROUP BY kind, key`.execute(deps.db);
  return result.rows.map((r) => ({
    kind: r.kind,
    key: r.key,
    count: Number(r.count),
    venues: Number(r.venues),
  }));
}

/** Folds the triggers' deltas into platform_counters (the worker, every minute). */
export async function compactCounters(deps: Pick<AppDeps, 'db'>): Promise<void> {
  await sql`
    WITH moved AS (DELETE FROM platform_counter_deltas RETURNING kind, key, count, venues),
    summed AS (SELECT kind, key, sum(count) AS count, sum(venues) AS venues FROM moved GROUP BY kind, key)
    INSERT INTO platform_counters AS p (kind, key, count, venues)
    SELECT kind, key, count, venues FROM summed
    ON CONFLICT (kind, key) DO UPDATE
      SET count = p.count + EXCLUDED.count, venues = p.venues + EXCLUDED.venues`.execute(deps.db);
}

export const countersCompactTask = {
  name: 'staff.counters-compact',
  everyMs: 60_000,
  run: async (deps: AppDeps) => {
    await compactCounters(deps);
  },
};

/** Per-venue price of a plan as the catalogue charges it (none on unlimited plans). */
export function venuePricePence(plan: PlanId): number {
  const p = PLANS[plan];
  return p.locations === 'unlimited' ? 0 : p.additionalVenuePricePence;
}

/** Σ count × base + Σ venues × per-venue over the subscriptions counters in force. */
export function mrrFromCounters(rows: CounterRow[]): { mrrPence: number; inForce: number } {
  let mrrPence = 0;
  let inForce = 0;
  for (const row of rows) {
    if (row.kind !== 'subscriptions') continue;
    const [plan, status] = row.key.split(':') as [PlanId, string];
    if (!(MRR_STATUSES as readonly string[]).includes(status) || !PLANS[plan]) continue;
    mrrPence += row.count * PLANS[plan].pricePence + row.venues * venuePricePence(plan);
    inForce += row.count;
  }
  return { mrrPence, inForce };
}
