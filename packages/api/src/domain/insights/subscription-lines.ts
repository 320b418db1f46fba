import { PLANS, monthlyPricePence } from '../../contracts/plans';
import { can } from '../../contracts/roles';
import { toIso } from '../../core/iso-date';
import type { SubscriptionLine, SubscriptionState } from './customer-overview-schema';
import type { OrganizationBillingRow } from './overview-queries';

export type { SubscriptionLine, SubscriptionState };

export const subscriptionLink = (organizationUuid: string) =>
  `/dashboard/subscription?organization=${organizationUuid}`;

/**
 * The subscription state of each organization from its row: plan and price by the one price rule
 * (contracts/plans.ts), the next invoice as the renewal computes it (billing/renewals.ts: the
 * monthly price less the credit still held, never below zero).
 */
export function subscriptionLine(row: OrganizationBillingRow): SubscriptionLine {
  const base = {
    organization_uuid: row.uuid,
    organization_name: row.name,
    organization_status: row.status,
    role: row.role,
    plan_type: null,
    plan_name: null,
    price_monthly_pence: null,
    next_invoice_date: null,
    next_invoice_pence: null,
    past_due_since: null,
    service_ends_at: null,
    link: subscriptionLink(row.uuid),
  };
  if (!can(row.role, 'viewBilling')) return { ...base, state: 'hidden' };
  if (!row.subscription_status || !row.plan_type) return { ...base, state: 'none' };
  const price = monthlyPricePence(row.plan_type, row.additional_venues ?? 0);
  const renews = row.subscription_status === 'active' || row.subscription_status === 'past_due';
  const credit = Math.min(row.credit_pence ?? 0, price);
  return {
    ...base,
    state: row.subscription_status,
    plan_type: row.plan_type,
    plan_name: PLANS[row.plan_type].name,
    price_monthly_pence: price,
    next_invoice_date: renews ? toIso(row.current_period_end) : null,
    next_invoice_pence: renews ? price - credit : null,
    past_due_since:
      row.subscription_status === 'past_due' || row.subscription_status === 'suspended'
        ? toIso(row.past_due_since)
        : null,
    service_ends_at: toIso(row.service_ends_at),
  };
}
