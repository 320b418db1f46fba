import type { AppDeps } from '../../app-deps';

export type DashboardSummary = {
  organization_count: number;
  branded_organization_count: number;
  instance_count: number;
};

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
    db
      .selectFrom('brandings')
      .innerJoin(
        'organization_members',
        'organization_members.organization_id',
        'brandings.organization_id',
      )
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_members.user_id', '=', userId)
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
