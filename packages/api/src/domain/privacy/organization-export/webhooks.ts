import type { AppDeps } from '../../../core/app-deps';
import { iso } from '../personal-export/iso';
import { jsonEntry } from '../zip-archive';

/** webhooks.json: webhook endpoints and their recent deliveries. */
export function webhooksEntry(db: AppDeps['db'], organizationId: number) {
  return jsonEntry('webhooks.json', async () => {
    const endpoints = await db
      .selectFrom('webhook_endpoints')
      .select([
        'id',
        'uuid',
        'url',
        'description',
        'events',
        'enabled',
        'disabled_reason',
        'failing_since',
        'retired_at',
        'created_at',
      ])
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute();
    const deliveries =
      endpoints.length === 0
        ? []
        : await db
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
            .where(
              'webhook_deliveries.endpoint_id',
              'in',
              endpoints.map((e) => e.id),
            )
            .orderBy('webhook_deliveries.id')
            .execute();
    return endpoints.map(({ id, ...e }) => ({
      ...e,
      failing_since: iso(e.failing_since),
      retired_at: iso(e.retired_at),
      created_at: iso(e.created_at),
      deliveries: deliveries
        .filter((d) => d.endpoint_id === id)
        .map(({ endpoint_id: _e, ...d }) => ({
          ...d,
          last_attempt_at: iso(d.last_attempt_at),
          created_at: iso(d.created_at),
        })),
    }));
  });
}
