import { sql } from 'kysely';
import { PLANS, formatGbp } from '../../contracts/plans';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { addLocationsQuote, chargeNowAndApply } from './plan-changes';
import { toOutput, type SubscriptionOutput } from './queries';
import { updateStripeSubscription } from './stripe-lifecycle';
import { isStripeManaged } from './stripe-sync';
import {
  BILLING_TEXTS,
  type Db,
  type Owner,
  type Req,
  assertChangeable,
  countLocations,
  findSubscription,
  locationLimitOf,
  ownedLiveSubscription,
  prorationTime,
} from './shared';
import { changeSubscription } from './subscription-activity';

/** Basic plan locations: added with a prorated charge today, removed from the next cycle. */
export async function addLocations(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: {
    organization_uuid: string;
    additional_locations: number;
    proration_date?: number;
    idempotency_key?: string;
  },
): Promise<SubscriptionOutput> {
  const { org, sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  assertChangeable(sub);
  if (sub.plan_type !== 'basic') throw new AppError('CONFLICT', BILLING_TEXTS.basicOnly);
  const n = input.additional_locations;
  const now = deps.clock.now();
  // The quoted moment (proration_date) when given: the charge equals the quote.
  const amount = addLocationsQuote(sub, n, prorationTime(sub, now, input.proration_date));
  await chargeNowAndApply(
    deps,
    sub,
    amount,
    `${n} additional location${n === 1 ? '' : 's'} (prorated)`,
    `${n} × additional venue at ${formatGbp(PLANS.basic.additionalVenuePricePence)}/month, prorated to ${new Date(sub.current_period_end).toISOString().slice(0, 10)}`,
    input.idempotency_key ?? `add:${sub.uuid}:${now.getTime()}`,
    { plan: 'basic', venues: sub.additional_venues + n },
    async (trx) => {
      await changeSubscription(deps, req, owner, trx, sub.id, {
        set: { additional_venues: sql<number>`additional_venues + ${n}`, updated_at: now },
        description: `Added ${n} location${n === 1 ? '' : 's'} to "${org.name}"`,
      });
    },
    input.proration_date,
  );
  return toOutput(deps, (await findSubscription(deps.db, org.id))!, org.uuid);
}

/** The most locations that can be removed: min(10, limit − max(current, 1)). */
export function maxRemovable(limit: number, current: number): number {
  if (limit < 0) return 0;
  return Math.max(0, Math.min(10, limit - Math.max(current, 1)));
}

export async function removeLocations(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  input: { organization_uuid: string; locations_to_remove: number },
): Promise<SubscriptionOutput> {
  const { org, sub } = await ownedLiveSubscription(deps, owner, input.organization_uuid);
  assertChangeable(sub);
  if (sub.plan_type !== 'basic') throw new AppError('CONFLICT', BILLING_TEXTS.basicOnly);
  const max = maxRemovable(
    locationLimitOf(sub.plan_type, sub.additional_venues),
    await countLocations(deps.db, org.id),
  );
  const n = input.locations_to_remove;
  if (n > max) {
    throw new AppError('VALIDATION_ERROR', BILLING_TEXTS.removeTooMany(max), {
      errors: { locations_to_remove: [BILLING_TEXTS.removeTooMany(max)] },
    });
  }
  const now = deps.clock.now();
  const apply = async (trx: Db) => {
    await changeSubscription(deps, req, owner, trx, sub.id, {
      set: { additional_venues: sql<number>`additional_venues - ${n}`, updated_at: now },
      description: `Removed ${n} location${n === 1 ? '' : 's'} from "${org.name}" from the next billing cycle`,
    });
  };
  if (isStripeManaged(deps, sub)) {
    // From the next cycle, no refund for the current one: no proration at all.
    const venues = sub.additional_venues - n;
    await updateStripeSubscription(
      deps,
      sub,
      {
        plan: 'basic',
        venues,
        prorationBehavior: 'none',
        idempotencyKey: `remove:${sub.uuid}:${sub.additional_venues}:${venues}`,
        description: '',
      },
      apply,
    );
  } else {
    await deps.db.transaction().execute(apply);
  }
  return toOutput(deps, (await findSubscription(deps.db, org.id))!, org.uuid);
}
