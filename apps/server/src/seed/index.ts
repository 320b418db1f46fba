import type { AppDeps } from '@scmp/api';
import { seedActivityHistory } from './activity-history';
import { seedBilling } from './billing';
import { seedDemoSso } from './demo-sso';
import { seedDemoUsers } from './demo-users';
import { seedOrganizations } from './organizations';
import { seedPastDueCustomers } from './past-due-customer';
import { seedProfile } from './profile';
import { seedSupport } from './support';
import { seedTeam } from './team';

/**
 * Demo data for an empty database: users first, then each area's data for the demo customer.
 * Areas add a step here.
 */
export async function seedDemoData(deps: AppDeps): Promise<boolean> {
  const existing = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const userIds = await seedDemoUsers(deps);
  const organizationIds = await seedOrganizations(deps, userIds);
  await seedTeam(deps, userIds, organizationIds);
  await seedDemoSso(deps, organizationIds.oakfield, userIds['demo@scmp.test']);
  await seedBilling(deps, userIds);
  await seedPastDueCustomers(deps, userIds);
  await seedSupport(deps, userIds);
  await seedProfile(deps, userIds);
  await seedActivityHistory(deps, userIds);
  return true;
}
