import type { AppDeps } from '@scmp/api';
import type { BillingDetails } from '@scmp/db';

const BASIC_PENCE = 20_000;
const VENUE_PENCE = 5_000;
const SETUP_FEE_PENCE = 20_000;
/** Renewals (counted from the first period) billed with one additional venue: a summer camp. */
const WITH_VENUE = new Set([6, 7, 8]);
/** The renewal whose first charge failed and was paid on the retry three days later. */
const RETRIED = 4;

/** `date` moved by `months` calendar months, on the same day or the month's last day. */
export function addMonthsClamped(date: Date, months: number): Date {
  const target = new Date(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours()),
  );
  const last = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return target;
}

/**
 * A year of invoices of the demo subscription (Basic plan): the setup fee with the first month
 * twelve periods ago, then a paid renewal at the start of each period up to the current one —
 * three of them with one additional venue (since removed), one failed at first and paid on the
 * retry. One multi-row insert for the invoices and one for their lines.
 */
export async function seedInvoiceHistory(
  deps: AppDeps,
  input: {
    subscriptionId: number;
    organizationId: number;
    details: BillingDetails;
    /** Start of the current period; the first invoice is 11 periods before it. */
    currentPeriodStart: Date;
  },
): Promise<void> {
  const invoices = Array.from({ length: 12 }, (_, k) => {
    const start = addMonthsClamped(input.currentPeriodStart, k - 11);
    const end = addMonthsClamped(input.currentPeriodStart, k - 10);
    const lines =
      k === 0
        ? [
            { description: 'One-time setup fee', quantity: 1, unit: SETUP_FEE_PENCE },
            { description: 'Basic plan', quantity: 1, unit: BASIC_PENCE },
          ]
        : [
            { description: 'Basic plan', quantity: 1, unit: BASIC_PENCE },
            ...(WITH_VENUE.has(k)
              ? [{ description: 'Additional venues', quantity: 1, unit: VENUE_PENCE }]
              : []),
          ];
    const day = start.toISOString().slice(0, 10);
    return {
      number: `INV-${day.replace(/-/g, '')}-DEMO${String(k + 1).padStart(4, '0')}`,
      description:
        k === 0
          ? 'Setup fee and first month — Basic plan'
          : `Basic plan — ${day} to ${end.toISOString().slice(0, 10)}`,
      start,
      end,
      lines,
      retried: k === RETRIED,
    };
  });
  const rows = await deps.db
    .insertInto('invoices')
    .values(
      invoices.map((inv) => ({
        number: inv.number,
        subscription_id: input.subscriptionId,
        organization_id: input.organizationId,
        description: inv.description,
        status: 'paid' as const,
        total_pence: inv.lines.reduce((s, l) => s + l.quantity * l.unit, 0),
        currency: 'GBP',
        provider_invoice_id: null,
        hosted_url: null,
        pdf_url: null,
        billing_details: JSON.stringify(input.details),
        period_start: inv.start,
        period_end: inv.end,
        attempt_count: inv.retried ? 2 : 1,
        paid_at: inv.retried ? new Date(inv.start.getTime() + 3 * 86_400_000) : inv.start,
        created_at: inv.start,
        failure_message: null,
        next_attempt_at: null,
      })),
    )
    .returning(['id', 'number'])
    .execute();
  const idOf = new Map(rows.map((r) => [r.number, r.id]));
  await deps.db
    .insertInto('invoice_lines')
    .values(
      invoices.flatMap((inv) =>
        inv.lines.map((l) => ({
          invoice_id: idOf.get(inv.number)!,
          description: l.description,
          quantity: l.quantity,
          unit_amount_pence: l.unit,
          amount_pence: l.quantity * l.unit,
        })),
      ),
    )
    .execute();
}
