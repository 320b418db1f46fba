import type { AppDeps } from '@scmp/api';

const MIN = 60 * 1000;
const DAY = 24 * 60 * MIN;

/**
 * 90 days of health checks every 30 minutes for the demo instance, so its uptime figures, chart
 * and incident list have something to show: two short incidents (12 days ago for 1 hour, 3 days
 * ago for 30 minutes) and response times that vary through the day.
 */
export async function seedHealthHistory(deps: AppDeps, instanceId: number): Promise<void> {
  const now = deps.clock.now().getTime();
  const incidents = [
    { from: now - 12 * DAY, to: now - 12 * DAY + 60 * MIN },
    { from: now - 3 * DAY, to: now - 3 * DAY + 30 * MIN },
  ];
  const rows = [];
  for (let t = now - 90 * DAY + 30 * MIN; t < now - 10 * MIN; t += 30 * MIN) {
    const failed = incidents.some((i) => t >= i.from && t < i.to);
    const hourOfDay = new Date(t).getUTCHours();
    const load = hourOfDay >= 8 && hourOfDay <= 16 ? 35 : 10;
    rows.push({
      instance_id: instanceId,
      checked_at: new Date(t),
      healthy: !failed,
      status_code: failed ? 502 : 200,
      response_ms: failed ? 5000 : 40 + load + (Math.floor(t / MIN) % 23),
      detail: failed ? 'HTTP 502' : null,
    });
  }
  for (let i = 0; i < rows.length; i += 1000)
    await deps.db
      .insertInto('instance_health_checks')
      .values(rows.slice(i, i + 1000))
      .execute();
}
