import type { UpdateObject } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { recordOrganizationActivity, type ActivityEntry } from '../activity';
import { updateSubscription, type Db, type Owner, type Req } from './shared';

/**
 * The owner's change to a subscription: its row updated with `set` and the change in the
 * organization's activity log ('subscription.changed' unless `action` says otherwise), both in
 * the change's transaction `trx`.
 */
export async function changeSubscription(
  deps: AppDeps,
  req: Req,
  owner: Owner,
  trx: Db,
  subscriptionId: number,
  change: Partial<ActivityEntry> & {
    set: UpdateObject<Database, 'subscriptions'>;
    description: string;
  },
): Promise<void> {
  const { set, action = 'subscription.changed', ...entry } = change;
  await updateSubscription(trx, subscriptionId, set);
  await recordOrganizationActivity(deps, req, trx, owner.id, { action, ...entry });
}
