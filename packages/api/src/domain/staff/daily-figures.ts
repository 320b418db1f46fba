import { sql } from 'kysely';
import type { AppDeps } from '../../core/app-deps';
import { PLANS } from '../../contracts/plans';
import { mrrFromCounters, readCounters, venuePricePence } from './counters';
import { DAY_MS } from '../../core/durations';

/** How far back the first run reconstructs the daily figures from the rows. */
const HISTORY_DAYS = 400;
/** The first-response median covers tickets created in this many days. */
export const FIRST_RESPONSE_DAYS = 30;

/** 'YYYY-MM-DD' of the UTC day containing `at`. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Midnight UTC of `day` plus `days` days. */
export function dayStart(day: string, days = 0): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

const price = sql`CASE plan_type
  WHEN 'basic' THEN ${PLANS.basic.pricePence}::bigint + additional_venues * ${venuePricePence('basic')}::bigint
  ELSE ${PLANS.unlimited.pricePence}::bigint + additional_venues * ${venuePricePence('unlimited')}::bigint END`;

/** When a subscription stopped counting: its cancellation, else when it was suspended or expired. */
const ended = sql`coalesce(cancelled_at,
  CASE WHEN status IN ('suspended', 'expired', 'cancelled') THEN updated_at END)`;

type DayCounts = Map<string, number>;

async function countPerDay(
  deps: Pick<AppDeps, 'db'>,
  table: 'users' | 'subscriptions',
  from: Date,
  to: Date,
): Promise<DayCounts> {
  const rows =
    table === 'users'
      ? await sql<{ day: string; n: string }>`
          SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n
          FROM users WHERE created_at >= ${from} AND created_at < ${to} AND NOT is_staff
          GROUP BY 1`.execute(deps.db)
      : await sql<{ day: string; n: string }>`
          SELECT to_char(cancelled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n
          FROM subscriptions WHERE cancelled_at >= ${from} AND cancelled_at < ${to}
          GROUP BY 1`.execute(deps.db);
  return new Map(rows.rows.map((r) => [r.day, Number(r.n)]));
}

/**
 * MRR at the end of each day of [first, last], rebuilt from the subscriptions (for days before
 * the figures were recorded): a subscription counts from its creation until it was cancelled
 * (or suspended / expired), at its current plan and venues. One pass: the total before `first`
 * plus a running sum of the day's starts and ends.
 */
async function reconstructMrr(
  deps: Pick<AppDeps, 'db'>,
  first: string,
  last: string,
): Promise<Map<string, { mrr: number; n: number }>> {
  const from = dayStart(first);
  const to = dayStart(last, 1);
  const result = await sql<{ day: string; mrr: string; n: string }>`
    WITH s AS (
      SELECT ${price} AS price, created_at AS starts, ${ended} AS ends FROM subscriptions
    ), live AS (
      SELECT * FROM s WHERE ends IS NULL OR ends > starts
    ), base AS (
      SELECT coalesce(sum(price), 0) AS mrr, count(*) AS n FROM live
      WHERE starts < ${from} AND (ends IS NULL OR ends >= ${from})
    ), deltas AS (
      SELECT (starts AT TIME ZONE 'UTC')::date AS day, price AS mrr, 1 AS n FROM live
        WHERE starts >= ${from} AND starts < ${to}
      UNION ALL
      SELECT (ends AT TIME ZONE 'UTC')::date, -price, -1 FROM live
        WHERE ends >= ${from} AND ends < ${to}
    ), summed AS (
      SELECT day, sum(mrr) AS mrr, sum(n) AS n FROM deltas GROUP BY day
    ), per_day AS (
      SELECT d::date AS day, coalesce(summed.mrr, 0) AS mrr, coalesce(summed.n, 0) AS n
      FROM generate_series(${first}::date, ${last}::date, interval '1 day') d
      LEFT JOIN summed ON summed.day = d::date
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS day,
      (SELECT mrr FROM base) + sum(mrr) OVER (ORDER BY day) AS mrr,
      (SELECT n FROM base) + sum(n) OVER (ORDER BY day) AS n
    FROM per_day ORDER BY day`.execute(deps.db);
  return new Map(result.rows.map((r) => [r.day, { mrr: Number(r.mrr), n: Number(r.n) }]));
}

/**
 * Median (first staff reply − ticket creation) over the tickets created in the 30 days ending
 * with `day` that have a staff reply; with how many tickets it covers.
 */
export async function firstResponseMedian(
  deps: Pick<AppDeps, 'db'>,
  day: string,
): Promise<{ seconds: number | null; tickets: number }> {
  const result = await sql<{ seconds: string | null; tickets: string }>`
    SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM r.first_at - t.created_at)) AS seconds,
      count(*) AS tickets
    FROM support_tickets t
    CROSS JOIN LATERAL (
      SELECT m.created_at AS first_at FROM support_ticket_messages m
      WHERE m.ticket_id = t.id AND m.is_staff_reply ORDER BY m.created_at LIMIT 1
    ) r
    WHERE t.created_at >= ${dayStart(day, 1 - FIRST_RESPONSE_DAYS)} AND t.created_at < ${dayStart(day, 1)}`.execute(
    deps.db,
  );
  const row = result.rows[0];
  return {
    seconds:
      row?.seconds === null || row?.seconds === undefined ? null : Math.round(Number(row.seconds)),
    tickets: Number(row?.tickets ?? 0),
  };
}

/**
 * Writes the figures of every closed day not recorded yet (the worker, hourly): the day just
 * closed takes its MRR from the counters (a snapshot); older missing days (the first run, or a
 * worker that was down) are rebuilt from the rows. Sign-ups (new customer accounts) and
 * cancellations are counted exactly from index ranges. Yesterday's first-response median is
 * recomputed on every run, so replies that come in after midnight still count. Returns how many
 * days were written.
 */
export async function recordDailyFigures(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  const today = utcDay(deps.clock.now());
  const yesterday = utcDay(dayStart(today, -1));
  const last = await sql<{ day: string | null }>`
    SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM platform_daily_figures`.execute(deps.db);
  const lastDay = last.rows[0]?.day ?? null;
  const first = lastDay ? utcDay(dayStart(lastDay, 1)) : utcDay(dayStart(today, -HISTORY_DAYS));
  let written = 0;
  if (first <= yesterday) {
    const signUps = await countPerDay(deps, 'users', dayStart(first), dayStart(today));
    const cancellations = await countPerDay(
      deps,
      'subscriptions',
      dayStart(first),
      dayStart(today),
    );
    const rows: Array<{
      day: string;
      mrr_pence: string;
      subscriptions_in_force: number;
      sign_ups: number;
      cancellations: number;
      mrr_source: 'snapshot' | 'reconstructed';
    }> = [];
    const beforeYesterday = utcDay(dayStart(yesterday, -1));
    if (first <= beforeYesterday) {
      const rebuilt = await reconstructMrr(deps, first, beforeYesterday);
      for (const [day, value] of rebuilt) {
        rows.push({
          day,
          mrr_pence: String(value.mrr),
          subscriptions_in_force: value.n,
          sign_ups: signUps.get(day) ?? 0,
          cancellations: cancellations.get(day) ?? 0,
          mrr_source: 'reconstructed',
        });
      }
    }
    const live = mrrFromCounters(await readCounters(deps));
    rows.push({
      day: yesterday,
      mrr_pence: String(live.mrrPence),
      subscriptions_in_force: live.inForce,
      sign_ups: signUps.get(yesterday) ?? 0,
      cancellations: cancellations.get(yesterday) ?? 0,
      mrr_source: 'snapshot',
    });
    for (let i = 0; i < rows.length; i += 500) {
      await deps.db
        .insertInto('platform_daily_figures')
        .values(
          rows.slice(i, i + 500).map((r) => ({
            ...r,
            first_response_median_seconds: null,
            first_response_tickets: 0,
            recorded_at: deps.clock.now(),
          })),
        )
        .onConflict((oc) => oc.column('day').doNothing())
        .execute();
    }
    written = rows.length;
  }
  const median = await firstResponseMedian(deps, yesterday);
  await deps.db
    .updateTable('platform_daily_figures')
    .set({
      first_response_median_seconds: median.seconds,
      first_response_tickets: median.tickets,
    })
    .where('day', '=', yesterday)
    .execute();
  return written;
}

export const dailyFiguresTask = {
  name: 'staff.daily-figures',
  everyMs: 60 * 60_000,
  run: async (deps: AppDeps) => {
    await recordDailyFigures(deps);
  },
};
