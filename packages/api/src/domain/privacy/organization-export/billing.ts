import type { AppDeps } from '../../../core/app-deps';
import { iso } from '../personal-export/iso';
import { jsonEntry } from '../zip-archive';

/** billing.json: the subscription and every invoice with its lines. */
export function billingEntry(db: AppDeps['db'], organizationId: number) {
  return jsonEntry('billing.json', async () => {
    const sub = await db
      .selectFrom('subscriptions')
      .select([
        'uuid',
        'plan_type',
        'additional_venues',
        'status',
        'payment_type',
        'current_period_start',
        'current_period_end',
        'cancelled_at',
        'service_ends_at',
        'billing_details',
        'created_at',
      ])
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    const invoices = await db
      .selectFrom('invoices')
      .select([
        'id',
        'uuid',
        'number',
        'description',
        'status',
        'total_pence',
        'currency',
        'billing_details',
        'period_start',
        'period_end',
        'paid_at',
        'created_at',
      ])
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute();
    const lines =
      invoices.length === 0
        ? []
        : await db
            .selectFrom('invoice_lines')
            .select(['invoice_id', 'description', 'quantity', 'unit_amount_pence', 'amount_pence'])
            .where(
              'invoice_id',
              'in',
              invoices.map((i) => i.id),
            )
            .orderBy('id')
            .execute();
    return {
      subscription: sub
        ? {
            ...sub,
            current_period_start: iso(sub.current_period_start),
            current_period_end: iso(sub.current_period_end),
            cancelled_at: iso(sub.cancelled_at),
            service_ends_at: iso(sub.service_ends_at),
            created_at: iso(sub.created_at),
          }
        : null,
      invoices: invoices.map(({ id, ...i }) => ({
        ...i,
        period_start: iso(i.period_start),
        period_end: iso(i.period_end),
        paid_at: iso(i.paid_at),
        created_at: iso(i.created_at),
        lines: lines.filter((l) => l.invoice_id === id).map(({ invoice_id: _i, ...l }) => l),
      })),
    };
  });
}
