import { sql } from 'kysely';
import type { AppDeps } from '../../core/app-deps';

/** Deliveries (and their events) are kept this long for the delivery log. */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * Removes events older than `cutoff` (default: the log's 30 days) with their deliveries, unless a
 * delivery is still pending, and the endpoints of deleted organizations once nothing of theirs is
 * still pending. A few hundred events per call; returns the events and deliveries removed. Run
 * by the retention job (domain/privacy/retention.ts, rule "webhook-deliveries").
 */
export async function sweepWebhooks(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  cutoff = new Date(deps.clock.now().getTime() - WEBHOOK_LOG_DAYS * 86_400_000),
): Promise<number> {
  const doomed = await sql<{ id: string }>`
    SELECT id FROM webhook_events e WHERE created_at < ${cutoff} AND NOT EXISTS (
      SELECT 1 FROM webhook_deliveries d
      WHERE d.event_id = e.id AND d.status IN ('pending', 'retrying')
    ) ORDER BY created_at LIMIT 500`.execute(deps.db);
  let removed = 0;
  if (doomed.rows.length > 0) {
    const ids = doomed.rows.map((r) => r.id);
    const deliveries = await deps.db
      .deleteFrom('webhook_deliveries')
      .where('event_id', 'in', ids)
      .where('status', 'not in', ['pending', 'retrying'])
      .executeTakeFirst();
    const events = await sql`
      DELETE FROM webhook_events WHERE id IN (${sql.join(ids)}) AND NOT EXISTS (
        SELECT 1 FROM webhook_deliveries d WHERE d.event_id = webhook_events.id
      )`.execute(deps.db);
    removed = Number(deliveries.numDeletedRows) + Number(events.numAffectedRows ?? 0);
  }
  await sql`
    DELETE FROM webhook_endpoints e
    WHERE e.retired_at IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM webhook_deliveries d
      WHERE d.endpoint_id = e.id AND d.status IN ('pending', 'retrying')
    )`.execute(deps.db);
  return removed;
}
