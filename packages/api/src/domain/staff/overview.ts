import { sql } from 'kysely';
import type { AppDeps } from '../../core/app-deps';
import { PLAN_LIST, type PlanId } from '../../contracts/plans';
import { toIso } from '../../core/iso-date';
import { MRR_STATUSES, mrrFromCounters, readCounters, type CounterRow } from './counters';
import { DAY_MS } from '../../core/durations';
import { dayStart, utcDay } from './daily-figures';
import type { StaffOverview } from './staff-schema';
import { organizationOf, ownerOf, rowsWithTenant } from './tenant-rows';

const LIST_LIMIT = 50;
const WEEKS = 12;
const MONTHS = 12;

const ORGANIZATION_STATUSES = ['pending', 'active', 'inactive'] as const;
const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'suspended', 'cancelled', 'expired'] as const;
const INSTANCE_STATUSES = ['pending', 'provisioning', 'active', 'suspended', 'terminated'] as const;
const HEALTH = ['healthy', 'unhealthy', 'unknown'] as const;

function sumWhere(rows: CounterRow[], kind: string, match: (key: string) => boolean): number {
  return rows.filter((r) => r.kind === kind && match(r.key)).reduce((s, r) => s + r.count, 0);
}

async function mrrTrend(deps: Pick<AppDeps, 'db'>, today: string, currentMrr: number) {
  // Month-end values: the last recorded day of each of the 11 months before this one (12 index
  // probes on the figures' primary key), then this month's live figure.
  const thisMonth = `${today.slice(0, 7)}-01`;
  const result = await sql<{ month: string; mrr: string | null }>`
    SELECT to_char(m, 'YYYY-MM') AS month, f.mrr_pence AS mrr
    FROM generate_series(${thisMonth}::date - interval '11 months', ${thisMonth}::date - interval '1 month', interval '1 month') m
    LEFT JOIN LATERAL (
      SELECT mrr_pence FROM platform_daily_figures
      WHERE day >= m::date AND day < (m + interval '1 month')::date
      ORDER BY day DESC LIMIT 1
    ) f ON true
    ORDER BY m`.execute(deps.db);
  return [
    ...result.rows.map((r) => ({
      month: r.month,
      mrr_pence: r.mrr === null ? null : Number(r.mrr),
    })),
    { month: today.slice(0, 7), mrr_pence: currentMrr },
  ].slice(-MONTHS);
}

async function weekly(deps: Pick<AppDeps, 'db'>, now: Date, today: string) {
  const first = utcDay(dayStart(today, -(WEEKS * 7 - 1)));
  const closed = await sql<{ day: string; sign_ups: number; cancellations: number }>`
    SELECT to_char(day, 'YYYY-MM-DD') AS day, sign_ups, cancellations FROM platform_daily_figures
    WHERE day >= ${first}::date AND day < ${today}::date`.execute(deps.db);
  // Today so far, live: narrow index ranges on users.created_at and subscriptions.cancelled_at.
  const live = await sql<{ sign_ups: string; cancellations: string }>`
    SELECT
      (SELECT count(*) FROM users WHERE created_at >= ${dayStart(today)} AND created_at <= ${now} AND NOT is_staff) AS sign_ups,
      (SELECT count(*) FROM subscriptions WHERE cancelled_at >= ${dayStart(today)} AND cancelled_at <= ${now}) AS cancellations`.execute(
    deps.db,
  );
  const weeks = Array.from({ length: WEEKS }, (_, i) => ({
    week_start: utcDay(dayStart(first, i * 7)),
    sign_ups: 0,
    cancellations: 0,
  }));
  const add = (day: string, signUps: number, cancellations: number) => {
    const index = Math.floor((dayStart(day).getTime() - dayStart(first).getTime()) / (7 * DAY_MS));
    const week = weeks[index];
    if (!week) return;
    week.sign_ups += signUps;
    week.cancellations += cancellations;
  };
  for (const row of closed.rows) add(row.day, row.sign_ups, row.cancellations);
  add(today, Number(live.rows[0]?.sign_ups ?? 0), Number(live.rows[0]?.cancellations ?? 0));
  return weeks;
}

async function pastDue(deps: Pick<AppDeps, 'db'>, now: Date) {
  const rows = await rowsWithTenant(deps.db, 'subscriptions')
    .select([
      'r.uuid as subscription_uuid',
      'r.status',
      'r.plan_type',
      'r.additional_venues',
      'r.past_due_since',
      'u.name as owner_name',
    ])
    .where('r.status', 'in', ['past_due', 'suspended'])
    .orderBy('r.past_due_since', 'asc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => {
    const since = r.past_due_since ? new Date(r.past_due_since) : null;
    return {
      subscription_uuid: r.subscription_uuid,
      status: r.status as 'past_due' | 'suspended',
      plan: r.plan_type,
      additional_venues: r.additional_venues,
      past_due_since: toIso(since),
      days_overdue: since ? Math.max(0, Math.floor((now.getTime() - since.getTime()) / DAY_MS)) : 0,
      organization: organizationOf(r),
      customer: { ...ownerOf(r), name: r.owner_name },
    };
  });
}

async function unhealthy(deps: Pick<AppDeps, 'db'>) {
  const rows = await rowsWithTenant(deps.db, 'instances')
    .select(['r.uuid', 'r.name', 'r.host', 'r.status', 'r.last_health_check'])
    .where('r.last_health_status', '=', 'unhealthy')
    .where('r.status', '<>', 'terminated')
    .orderBy('r.last_health_check', 'desc')
    .limit(LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    uuid: r.uuid,
    name: r.name,
    host: r.host,
    status: r.status,
    last_health_check: toIso(r.last_health_check),
    organization: organizationOf(r),
    customer: ownerOf(r),
  }));
}

async function firstResponse(deps: Pick<AppDeps, 'db'>, today: string) {
  const result = await sql<{
    day: string;
    seconds: number | null;
    tickets: number;
  }>`
    SELECT to_char(f.day, 'YYYY-MM-DD') AS day, first_response_median_seconds AS seconds,
      first_response_tickets AS tickets
    FROM platform_daily_figures f WHERE f.day < ${today}::date ORDER BY f.day DESC LIMIT 1`.execute(
    deps.db,
  );
  const row = result.rows[0];
  return {
    median_first_response_seconds: row?.seconds ?? null,
    first_response_tickets: row?.tickets ?? 0,
    first_response_as_of: row?.day ?? null,
  };
}

/**
 * Everything the operator console's first screen shows. Counts come from platform_counters
 * (a few rows, kept by triggers), trends from platform_daily_figures (≤ 84 rows and 11 index
 * probes), today's sign-ups and cancellations from narrow index ranges, and the two lists from
 * partial indexes with a LIMIT, so the cost does not grow with the number of customers.
 */
export async function staffOverview(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<StaffOverview> {
  const now = deps.clock.now();
  const today = utcDay(now);
  const counters = await readCounters(deps);
  const mrr = mrrFromCounters(counters);
  const count = (kind: string, key: string) =>
    counters.find((r) => r.kind === kind && r.key === key)?.count ?? 0;

  const subscriptionsByPlan = PLAN_LIST.map((plan) => {
    const byStatus = Object.fromEntries(
      SUBSCRIPTION_STATUSES.map((status) => [
        status,
        count('subscriptions', `${plan.id}:${status}`),
      ]),
    ) as Record<(typeof SUBSCRIPTION_STATUSES)[number], number>;
    return {
      plan: plan.id as PlanId,
      in_force: MRR_STATUSES.reduce((s, status) => s + byStatus[status], 0),
      ...byStatus,
    };
  });
  const instanceCount = (status: string, health: string) =>
    count('instances', `${status}:${health}`);
  const live = (key: string) => !key.startsWith('terminated:');
  const openTicket = (key: string) => key.startsWith('open:') || key.startsWith('in_progress:');

  return {
    as_of: now.toISOString(),
    customers: {
      accounts: count('users', 'verified') + count('users', 'unverified'),
      verified: count('users', 'verified'),
    },
    organizations: Object.fromEntries(
      ORGANIZATION_STATUSES.map((s) => [s, count('organizations', s)]),
    ) as Record<(typeof ORGANIZATION_STATUSES)[number], number>,
    subscriptions: subscriptionsByPlan,
    mrr: {
      mrr_pence: mrr.mrrPence,
      subscriptions_in_force: mrr.inForce,
      counted_statuses: [...MRR_STATUSES],
      trend: await mrrTrend(deps, today, mrr.mrrPence),
    },
    weekly: await weekly(deps, now, today),
    past_due: {
      total: sumWhere(
        counters,
        'subscriptions',
        (k) => k.endsWith(':past_due') || k.endsWith(':suspended'),
      ),
      items: await pastDue(deps, now),
    },
    fleet: {
      by_status: Object.fromEntries(
        INSTANCE_STATUSES.map((s) => [s, HEALTH.reduce((sum, h) => sum + instanceCount(s, h), 0)]),
      ) as Record<(typeof INSTANCE_STATUSES)[number], number>,
      by_health: Object.fromEntries(
        HEALTH.map((h) => [
          h,
          sumWhere(counters, 'instances', (k) => live(k) && k.endsWith(`:${h}`)),
        ]),
      ) as Record<(typeof HEALTH)[number], number>,
      unhealthy: await unhealthy(deps),
    },
    tickets: {
      open: sumWhere(counters, 'tickets', openTicket),
      waiting_on_staff: sumWhere(
        counters,
        'tickets',
        (k) => openTicket(k) && k.endsWith(':waiting'),
      ),
      ...(await firstResponse(deps, today)),
    },
  };
}
