import type { AppDeps } from '../../core/app-deps';
import { recordOrganizationActivity } from '../activity';
import { organizationOwner } from '../memberships';
import { ALL_KEYS, notifyChange } from '../../core/events/events';
import { renderEmail } from '../../core/mail/render-email';
import { updateSubscription, type Db, type SubscriptionRow } from './shared';

/** The organization's service follows its subscription: suspended, resumed, past due, recovered. */
export async function setOrganizationStatus(
  db: Db,
  organizationId: number,
  status: 'active' | 'inactive',
  now: Date,
) {
  await db
    .updateTable('organizations')
    .set({ status, updated_at: now })
    .where('id', '=', organizationId)
    .where('status', 'not in', ['closing', 'closed'])
    .execute();
  // A closing organization stays closing; a restore puts back what billing says now.
  await db
    .updateTable('organizations')
    .set({ status_before_closing: status, updated_at: now })
    .where('id', '=', organizationId)
    .where('status', '=', 'closing')
    .execute();
  // Every process's public branding cache hears it when the transaction commits.
  await notifyChange(db, 'branding', ALL_KEYS);
}

export async function suspendService(db: Db, sub: SubscriptionRow, now: Date) {
  await setOrganizationStatus(db, sub.organization_id, 'inactive', now);
  const suspended = await db
    .updateTable('instances')
    .set({ status: 'suspended', updated_at: now })
    .where('organization_id', '=', sub.organization_id)
    .where('status', '=', 'active')
    .returning('id')
    .execute();
  const ids = [...new Set([...(sub.suspended_instance_ids ?? []), ...suspended.map((r) => r.id)])];
  await updateSubscription(db, sub.id, {
    suspended_instance_ids: JSON.stringify(ids),
    updated_at: now,
  });
}

export async function resumeService(db: Db, sub: SubscriptionRow, now: Date) {
  await setOrganizationStatus(db, sub.organization_id, 'active', now);
  const ids = sub.suspended_instance_ids ?? [];
  if (ids.length) {
    await db
      .updateTable('instances')
      .set({ status: 'active', updated_at: now })
      .where('id', 'in', ids)
      .where('status', '=', 'suspended')
      .execute();
  }
  await updateSubscription(db, sub.id, { suspended_instance_ids: '[]', updated_at: now });
}

/** A charge failed: the subscription goes past due (grace period), the owner is told. */
export async function markPastDue(
  deps: AppDeps,
  db: Db,
  sub: SubscriptionRow,
  now: Date,
  message: string,
) {
  const wasPastDue = sub.status === 'past_due' || sub.status === 'suspended';
  await updateSubscription(db, sub.id, {
    status: sub.status === 'suspended' ? 'suspended' : 'past_due',
    past_due_since: sub.past_due_since ?? now,
    updated_at: now,
  });
  if (wasPastDue) return;
  const owner = await organizationOwner(db, sub.organization_id);
  if (!owner) throw new Error(`organization ${sub.organization_id} has no owner`);
  const { html, text } = renderEmail(
    {
      title: 'Your payment is past due',
      paragraphs: [
        `We could not take the payment for ${owner.organization_name}: ${message}`,
        `Please update your payment method within ${deps.config.billing.gracePeriodDays} days to avoid service interruption.`,
      ],
      action: {
        label: 'Update payment method',
        url: `${deps.config.appUrl}/dashboard/subscription`,
      },
    },
    deps.config.productShortName,
  );
  await deps.mailer.send(
    {
      to: owner.email,
      subject: 'Your payment is past due',
      html,
      text,
      kind: 'billing-past-due',
      userId: owner.id,
    },
    db,
  );
  await recordOrganizationActivity(deps, null, db, owner.id, {
    action: 'subscription.payment_failed',
    description: `Payment failed for "${owner.organization_name}": ${message}`,
    severity: 'high',
  });
}

/** Every outstanding invoice is paid: the subscription and its organization are active again. */
export async function markRecovered(db: Db, sub: SubscriptionRow, now: Date) {
  const outstanding = await db
    .selectFrom('invoices')
    .select('id')
    .where('subscription_id', '=', sub.id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (outstanding) return;
  if (sub.status !== 'past_due' && sub.status !== 'suspended') return;
  await updateSubscription(db, sub.id, { status: 'active', past_due_since: null, updated_at: now });
  await resumeService(db, sub, now);
}
