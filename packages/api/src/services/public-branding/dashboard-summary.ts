import type { AppDeps } from '../../deps';

export type DashboardSummary = {
  organization_count: number;
  branded_organization_count: number;
  instance_count: number;
};

/** Counts behind the dashboard's Getting Started checklist, for one owner. */
export async function getDashboardSummary(
  deps: AppDeps,
  userId: number,
): Promise<DashboardSummary> {
  const { db } = deps;
  const [orgs, branded, instances] = await Promise.all([
    db
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('brandings')
      .innerJoin('organizations', 'organizations.id', 'brandings.organization_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organizations.owner_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('instances')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', userId)
      .where('status', '!=', 'terminated')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    organization_count: Number(orgs.n),
    branded_organization_count: Number(branded.n),
    instance_count: Number(instances.n),
  };
}
