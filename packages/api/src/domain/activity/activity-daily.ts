import { sql } from 'kysely';
import type { ActivityType } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { ACTIVITY_TYPES, type ActivityDaily, type ActivityFilter } from './activity-schema';
import { DAY_MS } from '../../core/durations';

/**
 * A user's events per UTC calendar day over the last `days` days (today and the `days - 1`
 * before it), split by type, oldest first; days without events are zeros. One grouped query
 * over the (user_id, created_at) index range, joined to a generate_series of the days.
 */
export async function activityDaily(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  input: { days: number; type: ActivityFilter },
): Promise<ActivityDaily> {
  const now = deps.clock.now();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const first = new Date(today - (input.days - 1) * DAY_MS);
  const typeFilter = input.type === 'all' ? sql`` : sql`AND type = ${input.type}`;
  const counts = ACTIVITY_TYPES.map(
    (t) => sql`coalesce(sum(c.n) FILTER (WHERE c.type = ${t}), 0)::int AS ${sql.ref(t)}`,
  );
  const result = await sql<{ day: string } & Record<ActivityType, number>>`
    WITH per_day AS (
      SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, type, count(*) AS n
      FROM activity_events
      WHERE user_id = ${userId} AND created_at >= ${first} AND created_at <= ${now} ${typeFilter}
      GROUP BY 1, 2
    )
    SELECT to_char(d.day, 'YYYY-MM-DD') AS day, ${sql.join(counts)}
    FROM generate_series(${first}::timestamptz AT TIME ZONE 'UTC',
                         ${new Date(today)}::timestamptz AT TIME ZONE 'UTC',
                         interval '1 day') AS d(day)
    LEFT JOIN per_day c ON c.day = d.day
    GROUP BY d.day
    ORDER BY d.day`.execute(deps.db);
  return {
    days: input.days,
    type: input.type,
    series: result.rows.map((r) => {
      const byType = Object.fromEntries(ACTIVITY_TYPES.map((t) => [t, Number(r[t])])) as Record<
        ActivityType,
        number
      >;
      return {
        date: r.day,
        total: ACTIVITY_TYPES.reduce((s, t) => s + byType[t], 0),
        by_type: byType,
      };
    }),
  };
}
