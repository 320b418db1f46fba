import { sql } from 'kysely';
import type { AppDeps } from '../../core/app-deps';
import { findMemberOrganization } from '../memberships';
import type { InstanceUptime, UptimeDay, UptimeDays } from './health-schema';
import { DAY_MS } from '../../core/durations';

export type { InstanceUptime, UptimeDay, UptimeDays };

const percent = (up: number, total: number) =>
  total === 0 ? null : Math.round((up / total) * 10000) / 100;

/**
 * The share of healthy checks per UTC day over the last `days` days (today included, up to now)
 * for every live instance the user can see, or those of one organization (404 when not a member):
 * one statement; closed days come from instance_health_days (kept equal to the checks by
 * triggers), today from instance_health_checks (instance_id, checked_at DESC), so the cost does
 * not grow with the checks kept. Days without checks come back with `uptime: null`.
 */
export async function instancesUptime(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  days: number,
  organizationUuid?: string,
): Promise<UptimeDays> {
  const now = deps.clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const organizationId = organizationUuid
    ? (await findMemberOrganization(deps.db, userId, organizationUuid, 'view')).id
    : null;

  const fromDay = from.toISOString().slice(0, 10);
  const todayDay = new Date(today).toISOString().slice(0, 10);
  // Closed days from the per-day counts (≤ days − 1 rows per instance), today from its own checks.
  const result = await sql<{
    uuid: string;
    day: string | null;
    checks: string;
    healthy: string;
  }>`
    SELECT i.uuid, x.day, x.checks, x.healthy
    FROM organization_members m
    JOIN instances i ON i.organization_id = m.organization_id
    LEFT JOIN LATERAL (
      SELECT to_char(d.day, 'YYYY-MM-DD') AS day, d.checks::bigint AS checks,
        d.healthy::bigint AS healthy
      FROM instance_health_days d
      WHERE d.instance_id = i.id AND d.day >= ${fromDay}::date AND d.day < ${todayDay}::date
      UNION ALL
      SELECT ${todayDay}, count(*), count(*) FILTER (WHERE c.healthy)
      FROM instance_health_checks c
      WHERE c.instance_id = i.id AND c.checked_at >= ${new Date(today)} AND c.checked_at <= ${now}
      HAVING count(*) > 0
    ) x ON true
    WHERE m.user_id = ${userId} AND i.status <> 'terminated'
      ${organizationId === null ? sql`` : sql`AND i.organization_id = ${organizationId}`}
    ORDER BY i.created_at DESC, i.id DESC, x.day`.execute(deps.db);

  const dates = Array.from({ length: days }, (_, k) =>
    new Date(from.getTime() + k * DAY_MS).toISOString().slice(0, 10),
  );
  const byInstance = new Map<string, Map<string, { checks: number; healthy: number }>>();
  for (const row of result.rows) {
    const perDay = byInstance.get(row.uuid) ?? new Map();
    byInstance.set(row.uuid, perDay);
    if (row.day) perDay.set(row.day, { checks: Number(row.checks), healthy: Number(row.healthy) });
  }
  const instances = [...byInstance].map(([uuid, perDay]) => {
    let checks = 0;
    let healthy = 0;
    const list = dates.map((date) => {
      const d = perDay.get(date) ?? { checks: 0, healthy: 0 };
      checks += d.checks;
      healthy += d.healthy;
      return { date, checks: d.checks, healthy: d.healthy, uptime: percent(d.healthy, d.checks) };
    });
    return { uuid, uptime: percent(healthy, checks), checks, failed: checks - healthy, days: list };
  });
  return { days, from: dates[0]!, to: dates[dates.length - 1]!, instances };
}
