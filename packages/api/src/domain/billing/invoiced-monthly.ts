import { sql } from 'kysely';
import { PLANS } from '../../contracts/plans';
import type { AppDeps } from '../../core/app-deps';
import { findMemberOrganization } from '../memberships';
import { toIso } from '../../core/iso-date';
import { planLines } from './invoices';
import { findSubscription, pounds, type Owner, type SubscriptionRow } from './shared';
import type { InvoicedMonth, InvoicedMonthly, UpcomingInvoice } from './subscription-schema';

export type { InvoicedMonth, InvoicedMonthly, UpcomingInvoice };

/** How many calendar months the chart covers: this month and the 11 before it. */
export const INVOICED_MONTHS = 12;

/**
 * The next renewal invoice as the renewal sweep will raise it: the plan's lines less the credit
 * from plan changes, at the period end; none once the subscription is cancelled or expired.
 */
export function upcomingInvoice(sub: SubscriptionRow | undefined): UpcomingInvoice | null {
  if (!sub || !['active', 'past_due', 'suspended'].includes(sub.status)) return null;
  const gross = planLines(sub.plan_type, sub.additional_venues).reduce(
    (s, l) => s + l.quantity * l.unit,
    0,
  );
  const credit = Math.min(sub.credit_pence, gross);
  return {
    date: toIso(sub.current_period_end)!,
    description: `${PLANS[sub.plan_type].name} plan renewal`,
    amount: pounds(gross - credit),
    amount_pence: gross - credit,
    credit_pence: credit,
  };
}

/**
 * What was invoiced to an organization per UTC calendar month over the last 12 months, split by
 * invoice status, oldest first, months without invoices as zeros; plus the upcoming invoice.
 * One grouped query over the invoices (organization_id, created_at) index range. Access as for
 * billing history: members whose role may view billing; anyone else gets 404.
 */
export async function invoicedMonthly(
  deps: AppDeps,
  owner: Owner,
  orgUuid: string,
): Promise<InvoicedMonthly> {
  const org = await findMemberOrganization(deps.db, owner.id, orgUuid, 'viewBilling');
  const now = deps.clock.now();
  const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const first = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (INVOICED_MONTHS - 1), 1),
  );
  const result = await sql<{
    month: string;
    paid: string;
    pending: string;
    failed: string;
    invoices: string;
  }>`
    WITH per_month AS (
      SELECT date_trunc('month', created_at AT TIME ZONE 'UTC') AS month,
             sum(total_pence) FILTER (WHERE status = 'paid') AS paid,
             sum(total_pence) FILTER (WHERE status = 'pending') AS pending,
             sum(total_pence) FILTER (WHERE status = 'failed') AS failed,
             count(*) AS invoices
      FROM invoices
      WHERE organization_id = ${org.id} AND created_at >= ${first} AND created_at <= ${now}
      GROUP BY 1
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month,
           coalesce(p.paid, 0) AS paid, coalesce(p.pending, 0) AS pending,
           coalesce(p.failed, 0) AS failed, coalesce(p.invoices, 0) AS invoices
    FROM generate_series(${first}::timestamptz AT TIME ZONE 'UTC',
                         ${new Date(thisMonth)}::timestamptz AT TIME ZONE 'UTC',
                         interval '1 month') AS m(month)
    LEFT JOIN per_month p ON p.month = m.month
    ORDER BY m.month`.execute(deps.db);
  return {
    currency: 'GBP',
    months: result.rows.map((r) => {
      const paid = Number(r.paid);
      const pending = Number(r.pending);
      const failed = Number(r.failed);
      return {
        month: r.month,
        paid_pence: paid,
        pending_pence: pending,
        failed_pence: failed,
        total_pence: paid + pending + failed,
        invoices: Number(r.invoices),
      };
    }),
    upcoming: upcomingInvoice(await findSubscription(deps.db, org.id)),
  };
}
