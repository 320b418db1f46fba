import { sql } from 'kysely';
import type { AppDeps } from '../../core/app-deps';
import { findMemberInstance } from './instances';
import { toIso } from '../../core/iso-date';
import type { InstanceHealth, UptimePeriod } from './health-schema';
import { DAY_MS } from '../../core/durations';

export type { InstanceHealth, UptimePeriod };

/** How long checks are kept; the prune task deletes older ones. */
export const HEALTH_RETENTION_DAYS = 90;
/** The chart shows at most this many of the most recent checks of the last 24 hours. */
const CHART_POINTS = 500;

function period(total: number, up: number): UptimePeriod {
  return {
    uptime: total === 0 ? null : Math.round((up / total) * 10000) / 100,
    checks: total,
    failed: total - up,
  };
}

/**
 * An instance's health over time, from SQL aggregates on its checks (one index range each):
 * uptime for 24 h / 7 days / 30 days, the last day's checks, and the incidents of 30 days found
 * as runs of consecutive failed checks (an incident ends at the next healthy check).
 */
export async function instanceHealth(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  uuid: string,
): Promise<InstanceHealth> {
  const instance = await findMemberInstance(deps.db, userId, uuid, 'view');
  const now = deps.clock.now();
  const since = (ms: number) => new Date(now.getTime() - ms);
  const range = { id: instance.id, from: since(30 * DAY_MS), to: now };

  const counts = await sql<{
    t24: string;
    u24: string;
    t7: string;
    u7: string;
    t30: string;
    u30: string;
  }>`
    SELECT
      count(*) FILTER (WHERE checked_at > ${since(DAY_MS)}) AS t24,
      count(*) FILTER (WHERE checked_at > ${since(DAY_MS)} AND healthy) AS u24,
      count(*) FILTER (WHERE checked_at > ${since(7 * DAY_MS)}) AS t7,
      count(*) FILTER (WHERE checked_at > ${since(7 * DAY_MS)} AND healthy) AS u7,
      count(*) AS t30,
      count(*) FILTER (WHERE healthy) AS u30
    FROM instance_health_checks
    WHERE instance_id = ${range.id} AND checked_at > ${range.from} AND checked_at <= ${range.to}`.execute(
    deps.db,
  );
  const c = counts.rows[0];
  const n = (v: string | undefined) => Number(v ?? 0);

  const recent = await deps.db
    .selectFrom('instance_health_checks')
    .select(['checked_at', 'healthy', 'status_code', 'response_ms'])
    .where('instance_id', '=', instance.id)
    .where('checked_at', '>', since(DAY_MS))
    .where('checked_at', '<=', now)
    .orderBy('checked_at', 'desc')
    .limit(CHART_POINTS)
    .execute();

  const incidents = await sql<{ started_at: Date; ended_at: Date | null; failed_checks: string }>`
    WITH ordered AS (
      SELECT checked_at, healthy, lag(healthy) OVER (ORDER BY checked_at) AS previous
      FROM instance_health_checks
      WHERE instance_id = ${range.id} AND checked_at > ${range.from} AND checked_at <= ${range.to}
    ), numbered AS (
      SELECT checked_at, healthy,
        sum(CASE WHEN healthy IS DISTINCT FROM previous THEN 1 ELSE 0 END)
          OVER (ORDER BY checked_at) AS run
      FROM ordered
    ), runs AS (
      SELECT run, bool_and(healthy) AS healthy, min(checked_at) AS started_at, count(*) AS checks
      FROM numbered GROUP BY run
    )
    SELECT failed.started_at, next.started_at AS ended_at, failed.checks AS failed_checks
    FROM runs failed LEFT JOIN runs next ON next.run = failed.run + 1
    WHERE NOT failed.healthy
    ORDER BY failed.started_at DESC
    LIMIT 100`.execute(deps.db);

  return {
    uptime: {
      '24h': period(n(c?.t24), n(c?.u24)),
      '7d': period(n(c?.t7), n(c?.u7)),
      '30d': period(n(c?.t30), n(c?.u30)),
    },
    checks: recent.reverse().map((row) => ({
      checked_at: toIso(row.checked_at) ?? '',
      healthy: row.healthy,
      status_code: row.status_code,
      response_ms: row.response_ms,
    })),
    incidents: incidents.rows.map((row) => {
      const started = new Date(row.started_at);
      const ended = row.ended_at ? new Date(row.ended_at) : null;
      return {
        started_at: started.toISOString(),
        ended_at: ended ? ended.toISOString() : null,
        duration_seconds: Math.round(((ended ?? now).getTime() - started.getTime()) / 1000),
        failed_checks: Number(row.failed_checks),
      };
    }),
  };
}

/**
 * Deletes checks older than `cutoff` (default 90 days), a batch at a time; run by the retention
 * job (domain/privacy/retention.ts, rule "health-checks"). The daily figures stay.
 */
export async function pruneHealthChecks(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  cutoff = new Date(deps.clock.now().getTime() - HEALTH_RETENTION_DAYS * DAY_MS),
): Promise<number> {
  const result = await sql`
    DELETE FROM instance_health_checks WHERE id IN (
      SELECT id FROM instance_health_checks WHERE checked_at < ${cutoff} LIMIT 5000)`.execute(
    deps.db,
  );
  return Number(result.numAffectedRows ?? 0);
}
