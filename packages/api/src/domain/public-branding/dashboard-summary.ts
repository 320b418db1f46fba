import type { AppDeps } from '../../core/app-deps';
import type { DashboardSummary } from './dashboard-summary-schema';

export type { DashboardSummary };

/** Counts behind the dashboard's Getting Started checklist, over every organization the user belongs to. */
export async function getDashboardSummary(
  deps: AppDeps,
  userId: number,
): Promise<DashboardSummary> {
  const { db } = deps;
  const [orgs, branded, instances] = await Promise.all([
    db
      .selectFrom('organization_members')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    // Branding exists at two levels: an organization counts as branded when it, or one of its
    // live instances, has saved branding.
    db
      .selectFrom('organization_members as m')
      .select((eb) => eb.fn.countAll<string>().as('n'))
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
      )
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('instances')
      .innerJoin(
        'organization_members',
        'organization_members.organization_id',
        'instances.organization_id',
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_members.user_id', '=', userId)
      .where('instances.status', '!=', 'terminated')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    organization_count: Number(orgs.n),
    branded_organization_count: Number(branded.n),
    instance_count: Number(instances.n),
  };
}
