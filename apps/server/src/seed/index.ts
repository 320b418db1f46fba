import type { AppDeps } from '@scmp/api';
import { seedDemoUsers } from './demo-users';

/**
 * Demo data for an empty database: users first, then each area's data for the demo customer.
 * Areas add a step here.
 */
export async function seedDemoData(deps: AppDeps): Promise<boolean> {
  const existing = await deps.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const userIds = await seedDemoUsers(deps);
  void userIds;
  return true;
}
