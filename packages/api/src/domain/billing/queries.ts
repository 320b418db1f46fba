import {
  MAX_ADDITIONAL_VENUES,
  PLANS,
  PLAN_LIST,
  SETUP_FEE_PENCE,
  monthlyPricePence,
} from '../../contracts/plans';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { findMemberOrganization, requirePermission, roleIn } from '../memberships';
import { isUuid } from '../../core/uuid';
import { toIso } from '../../core/iso-date';
import {
  BILLING_TEXTS,
  type InvoiceRow,
  type Owner,
  type SubscriptionRow,
  countLocations,
  findSubscription,
  locationLimitOf,
  pounds,
} from './shared';
import type { BillingHistoryItem, SubscriptionOutput } from './subscription-schema';
import { organizationRows } from '../../core/organization-rows';

export type { BillingHistoryItem, SubscriptionOutput };

/** Reading: the subscription as the API shows it, billing history, one invoice, the config. */

export async function toOutput(
  deps: AppDeps,
  sub: SubscriptionRow,
  orgUuid: string,
): Promise<SubscriptionOutput> {
  const count = await countLocations(deps.db, sub.organization_id);
  const limit = locationLimitOf(sub.plan_type, sub.additional_venues);
  const pm = sub.payment_method_id
    ? await deps.db
        .selectFrom('payment_methods')
        .select(['type', 'brand', 'last4'])
        .where('id', '=', sub.payment_method_id)
        .executeTakeFirst()
    : undefined;
  const price = monthlyPricePence(sub.plan_type, sub.additional_venues);
  const graceEnds = sub.past_due_since
    ? new Date(
        new Date(sub.past_due_since).getTime() + deps.config.billing.gracePeriodDays * 86_400_000,
      )
    : null;
  return {
    id: sub.uuid,
    uuid: sub.uuid,
    organization_uuid: orgUuid,
    provider: sub.provider,
    plan_type: sub.plan_type,
    plan_name: PLANS[sub.plan_type].name,
    status: sub.status,
    price_monthly: pounds(price),
    price_monthly_pence: price,
    currency: 'GBP',
    additional_venues: sub.additional_venues,
    current_location_count: count,
    location_limit: limit,
    available_locations: limit === -1 ? null : Math.max(0, limit - count),
    next_billing_date:
      sub.status === 'cancelled' || sub.status === 'expired' ? null : toIso(sub.current_period_end),
    current_period_start: toIso(sub.current_period_start)!,
    current_period_end: toIso(sub.current_period_end)!,
    service_ends_at: toIso(sub.service_ends_at),
    cancelled_at: toIso(sub.cancelled_at),
    past_due_since: toIso(sub.past_due_since),
    grace_period_ends_at: toIso(graceEnds),
    payment_type: sub.payment_type,
    payment_method: pm ? { type: pm.type, brand: pm.brand, last4: pm.last4 } : null,
    billing_details: sub.billing_details,
    created_at: toIso(sub.created_at)!,
  };
}

export async function getSubscription(
  deps: AppDeps,
  owner: Owner,
  orgUuid: string,
): Promise<SubscriptionOutput | null> {
  const org = await findMemberOrganization(deps.db, owner.id, orgUuid, 'viewBilling');
  const sub = await findSubscription(deps.db, org.id);
  return sub ? toOutput(deps, sub, org.uuid) : null;
}

export function invoiceLinks(
  deps: AppDeps,
  invoice: Pick<InvoiceRow, 'uuid' | 'pdf_url' | 'hosted_url'>,
) {
  return {
    invoice_pdf:
      invoice.pdf_url ?? `${deps.config.appUrl}/api/v1/subscription/invoices/${invoice.uuid}/pdf`,
    invoice_url:
      invoice.hosted_url ?? `${deps.config.appUrl}/api/v1/subscription/invoices/${invoice.uuid}`,
  };
}

export async function billingHistory(
  deps: AppDeps,
  owner: Owner,
  orgUuid: string,
): Promise<BillingHistoryItem[]> {
  const org = await findMemberOrganization(deps.db, owner.id, orgUuid, 'viewBilling');
  const rows = await organizationRows(deps.db, 'invoices', org.id, { direction: 'desc' });
  return rows.map((r) => invoiceItemOf(deps, r));
}

/** An invoice as billing history (and the invoice.* webhook events) show it. */
export function invoiceItemOf(deps: AppDeps, r: InvoiceRow): BillingHistoryItem {
  return {
    id: r.uuid,
    number: r.number,
    created_at: toIso(r.created_at)!,
    description: r.description,
    amount: pounds(r.total_pence),
    amount_pence: r.total_pence,
    currency: r.currency,
    status: r.status,
    ...invoiceLinks(deps, r),
  };
}

/**
 * The invoice with its lines and organization, for members whose role may see billing (404 for
 * anyone else who is not a member, 403 for a member without the right).
 */
export async function findOwnedInvoice(deps: AppDeps, userId: number, invoiceUuid: string) {
  if (!isUuid(invoiceUuid)) throw new AppError('NOT_FOUND', BILLING_TEXTS.invoiceNotFound);
  const invoice = await deps.db
    .selectFrom('invoices')
    .innerJoin('organizations', 'organizations.id', 'invoices.organization_id')
    .selectAll('invoices')
    .select(['organizations.name as organization_name', 'organizations.owner_id'])
    .where('invoices.uuid', '=', invoiceUuid)
    .executeTakeFirst();
  const role = invoice ? await roleIn(deps.db, userId, invoice.organization_id) : null;
  if (!invoice || !role) throw new AppError('NOT_FOUND', BILLING_TEXTS.invoiceNotFound);
  requirePermission(role, 'viewBilling');
  const lines = await deps.db
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoice.id)
    .orderBy('id')
    .execute();
  return { invoice, lines };
}

export function billingConfig(deps: AppDeps) {
  return {
    provider: deps.payments.name,
    publishable_key: deps.payments.publishableKey,
    test_mode: deps.payments.name === 'test',
    plans: PLAN_LIST.map((p) => ({
      key: p.id,
      id: p.id,
      name: p.name,
      price: pounds(p.pricePence),
      price_pence: p.pricePence,
      locations: p.locations,
      additionalVenuePrice: pounds(p.additionalVenuePricePence),
      additional_venue_price_pence: p.additionalVenuePricePence,
      features: p.features,
    })),
    setup_fee: pounds(SETUP_FEE_PENCE),
    setup_fee_pence: SETUP_FEE_PENCE,
    currency: 'GBP',
    max_additional_venues: MAX_ADDITIONAL_VENUES,
  };
}
