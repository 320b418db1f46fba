import type { Kysely } from 'kysely';
import type { ActivitySeverity, ActivityType, Database } from '@scmp/db';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { describeLocation, describeUserAgent } from './device';

/** One line of an activity log: what happened, in the words the user reads. */
export type ActivityEntry = {
  /** Machine key, e.g. 'login.success', 'organization.created'. */
  action: string;
  /** What the user sees in the activity log. */
  description: string;
  severity?: ActivitySeverity;
};

export type ActivityInput = ActivityEntry & { userId: number; type: ActivityType };

/**
 * Records one activity-log event with the request's IP and user agent. Every area calls this for
 * the events listed in the profile issue (sign-ins, security changes, organizations, …).
 * The device ("Chrome on macOS") and location ("Local network" / "Unknown") texts are derived
 * here from the request.
 */
export async function recordActivity(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  req: ClientInfo | null,
  input: ActivityInput,
  db?: Kysely<Database>,
): Promise<void> {
  await (db ?? deps.db)
    .insertInto('activity_events')
    .values({
      user_id: input.userId,
      type: input.type,
      action: input.action,
      description: input.description.slice(0, 500),
      severity: input.severity ?? 'info',
      ip_address: req?.ip ?? null,
      user_agent: req?.userAgent?.slice(0, 512) ?? null,
      device: req?.userAgent ? describeUserAgent(req.userAgent).device : null,
      location: req ? describeLocation(req.ip) : null,
      created_at: deps.clock.now(),
    })
    .execute();
}

/**
 * A change to an organization (or its instances, members, settings) by `userId`, recorded with
 * `db`: the change's transaction, so the line commits with the change, or `deps.db`.
 */
export function recordOrganizationActivity(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  req: ClientInfo | null,
  db: Kysely<Database>,
  userId: number,
  entry: ActivityEntry,
): Promise<void> {
  return recordActivity(deps, req, { userId, type: 'organization', ...entry }, db);
}
