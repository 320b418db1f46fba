import type { AppDeps } from '@scmp/api';
import { seedHealthHistory } from './health-history';

/**
 * The demo customer's organizations: an active school with one live instance (reachable at
 * http://main-oakfield.{INSTANCE_DOMAIN}:{PORT}, with its front page filled in) and a camp still
 * pending its subscription.
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
  // Its portal's front page (issue 40): what a parent sees at main-oakfield; colours and logo
  // stay the organization's (none seeded: the defaults).
  await deps.db
    .insertInto('brandings')
    .values({
      instance_id: instance.id,
      organization_id: null,
      front_page_headline: 'Welcome to Oakfield Primary School',
      front_page_welcome_text:
        'A friendly primary school for ages 4 to 11, with a breakfast club and after-school care.\n\n' +
        'Parents and staff: sign in below, book a club place or check the term dates.',
      front_page_links: JSON.stringify([
        { label: 'Parent sign-in', url: 'https://parents.oakfield.example/sign-in' },
        { label: 'Staff sign-in', url: 'https://staff.oakfield.example/sign-in' },
        { label: 'Book a club place', url: 'https://oakfield.example/clubs' },
        { label: 'Term dates', url: 'https://oakfield.example/term-dates' },
      ]),
      front_page_contact_email: 'office@oakfield.example',
      front_page_contact_phone: '+44 1632 960123',
      front_page_contact_address: '12 Meadow Lane\nOakfield\nOK1 2AB',
      front_page_page_title: 'Oakfield Primary School – Parents and staff',
    })
    .execute();
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
