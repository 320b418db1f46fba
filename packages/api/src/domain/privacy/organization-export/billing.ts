import type { AppDeps } from '../../../core/app-deps';
import { childrenOf, exportedRows, rowsOfParents, withIsoDates } from '../export-rows';
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
    const invoices = await exportedRows(db, 'invoices', 'organization_id', organizationId);
    const lines = await rowsOfParents(
      invoices.map((i) => i.id),
      (ids) =>
        db
          .selectFrom('invoice_lines')
          .select(['invoice_id', 'description', 'quantity', 'unit_amount_pence', 'amount_pence'])
          .where('invoice_id', 'in', ids)
          .orderBy('id')
          .execute(),
    );
    return {
      subscription: sub
        ? withIsoDates(sub, [
            'current_period_start',
            'current_period_end',
            'cancelled_at',
            'service_ends_at',
            'created_at',
          ])
        : null,
      invoices: invoices.map(({ id, ...i }) => ({
        ...i,
        lines: childrenOf(lines, 'invoice_id', id),
      })),
    };
  });
}
