import type { ActivitySeverity } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { recordOrganizationActivity } from '../activity';
import type { Db, Owner, Req } from './shared';

/** The owner's change to a subscription in the activity log, inside the change's transaction. */
export const recordSubscriptionActivity = (
  deps: AppDeps,
  req: Req,
  owner: Owner,
  trx: Db,
  description: string,
  action = 'subscription.changed',
  severity: ActivitySeverity = 'info',
) => recordOrganizationActivity(deps, req, trx, owner.id, action, description, severity);
