import type { AppDeps } from '../../core/app-deps';
import { countRows } from '../../core/matching-rows';
import type { DashboardSummary } from './dashboard-summary-schema';

export type { DashboardSummary };

/** Counts behind the dashboard's Getting Started checklist, over every organization the user belongs to. */
export async function getDashboardSummary(
  deps: AppDeps,
  userId: number,
): Promise<DashboardSummary> {
  const { db } = deps;
  const [orgs, branded, instances] = await Promise.all([
    countRows(db.selectFrom('organization_members').where('user_id', '=', userId)),
    // Branding exists at two levels: an organization counts as branded when it, or one of its
    // live instances, has saved branding.
    countRows(
      db
        .selectFrom('organization_members as m')
        .where('m.user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('brandings')
                .select('brandings.id')
                .whereRef('brandings.organization_id', '=', 'm.organization_id'),
            ),
            eb.exists(
              eb
                .selectFrom('brandings')
                .innerJoin('instances', 'instances.id', 'brandings.instance_id')
                .select('brandings.id')
                .whereRef('instances.organization_id', '=', 'm.organization_id')
                .where('instances.status', '!=', 'terminated'),
            ),
          ]),
        ),
    ),
    countRows(
      db
        .selectFrom('instances')
        .innerJoin(
          'organization_members',
          'organization_members.organization_id',
          'instances.organization_id',
        )
        .where('organization_members.user_id', '=', userId)
        .where('instances.status', '!=', 'terminated'),
    ),
  ]);
  return {
    organization_count: orgs,
    branded_organization_count: branded,
    instance_count: instances,
  };
}
