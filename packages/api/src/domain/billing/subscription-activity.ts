import type { ActivitySeverity } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { recordActivity } from '../activity';
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
) =>
  recordActivity(
    deps,
    req,
    { userId: owner.id, type: 'organization', action, description, severity },
    trx,
  );
