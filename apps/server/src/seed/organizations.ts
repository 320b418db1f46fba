import type { AppDeps } from '@scmp/api';
import { seedHealthHistory } from './health-history';

/**
 * The demo customer's organizations: an active school with one live instance (reachable at
 * http://main-oakfield.{INSTANCE_DOMAIN}:{PORT}) and a camp still pending its subscription.
 */
export async function seedOrganizations(
  deps: AppDeps,
  userIds: Record<string, number>,
): Promise<Record<string, number>> {
  const ownerId = userIds['demo@scmp.test'];
  if (ownerId === undefined) return {};
  const now = deps.clock.now();
  const school = await deps.db
    .insertInto('organizations')
    .values({
      owner_id: ownerId,
      name: 'Oakfield Primary School',
      type: 'school',
      description:
        'A friendly primary school for ages 4 to 11, with a breakfast club and after-school care.',
      subdomain: 'oakfield',
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const instance = await deps.db
    .insertInto('instances')
    .values({
      organization_id: school.id,
      owner_id: ownerId,
      name: 'main',
      prefix: 'main',
      host: `main-oakfield.${deps.config.instanceDomain}`,
      status: 'active',
      // The worker's certificate check says what is true here (locally: not configured).
      ssl_status: 'pending',
      ssl_next_check_at: now,
      custom_domain: null,
      provisioned_at: now,
      last_health_check: null,
      last_health_status: null,
      terminated_at: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await seedHealthHistory(deps, instance.id);
  const camp = await deps.db
    .insertInto('organizations')
    .values({
      owner_id: ownerId,
      name: 'Pinewood Summer Camp',
      type: 'camp',
      description: 'Outdoor adventure camp running every summer holiday.',
      subdomain: 'pinewood',
      status: 'pending',
      created_at: new Date(now.getTime() - 1000),
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { oakfield: school.id, pinewood: camp.id };
}
