import type { AppDeps } from '../../../core/app-deps';
import { childrenOf, exportedRows, rowsOfParents, withIsoDates } from '../export-rows';
import { jsonEntry } from '../zip-archive';

/** webhooks.json: webhook endpoints and their recent deliveries. */
export function webhooksEntry(db: AppDeps['db'], organizationId: number) {
  return jsonEntry('webhooks.json', async () => {
    const endpoints = await exportedRows(
      db,
      'webhook_endpoints',
      'organization_id',
      organizationId,
    );
    const deliveries = await rowsOfParents(
      endpoints.map((e) => e.id),
      (ids) =>
        db
          .selectFrom('webhook_deliveries')
          .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
          .select([
            'webhook_deliveries.endpoint_id',
            'webhook_deliveries.uuid',
            'webhook_events.type as event',
            'webhook_deliveries.status',
            'webhook_deliveries.attempts',
            'webhook_deliveries.response_status',
            'webhook_deliveries.duration_ms',
            'webhook_deliveries.error',
            'webhook_deliveries.last_attempt_at',
            'webhook_deliveries.created_at',
          ])
          .where('webhook_deliveries.endpoint_id', 'in', ids)
          .orderBy('webhook_deliveries.id')
          .execute(),
    );
    return endpoints.map(({ id, ...e }) => ({
      ...e,
      deliveries: childrenOf(deliveries, 'endpoint_id', id).map((d) =>
        withIsoDates(d, ['last_attempt_at', 'created_at']),
      ),
    }));
  });
}
