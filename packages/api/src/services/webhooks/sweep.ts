import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps';

/** Deliveries (and their events) are kept this long for the delivery log. */
export const WEBHOOK_LOG_DAYS = 30;

/**
 * Removes events older than the log keeps (their deliveries go with them) and the endpoints of
 * deleted organizations once nothing of theirs is still pending. A few hundred rows per run.
 */
export async function sweepWebhooks(deps: AppDeps): Promise<void> {
  const cutoff = new Date(deps.clock.now().getTime() - WEBHOOK_LOG_DAYS * 86_400_000);
  await sql`
    DELETE FROM webhook_events WHERE id IN (
      SELECT id FROM webhook_events WHERE created_at < ${cutoff} ORDER BY created_at LIMIT 500
    ) AND NOT EXISTS (
      SELECT 1 FROM webhook_deliveries d
      WHERE d.event_id = webhook_events.id AND d.status IN ('pending', 'retrying')
    )`.execute(deps.db);
  await sql`
    DELETE FROM webhook_endpoints e
    WHERE e.retired_at IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM webhook_deliveries d
      WHERE d.endpoint_id = e.id AND d.status IN ('pending', 'retrying')
    )`.execute(deps.db);
}

/** Registered in services/jobs/worker.ts. */
export const webhookSweepTask = {
  name: 'webhooks.sweep',
  everyMs: 60 * 60 * 1000,
  run: sweepWebhooks,
};
