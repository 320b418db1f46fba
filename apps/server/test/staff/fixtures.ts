import { afterAll, beforeAll, expect } from 'vitest';
import { runDueJobs } from '@scmp/api';
import { monthlyPricePence, type PlanId } from '@scmp/api/contracts';
import { giveActiveSubscription } from '../../src/testing/billing-fixtures';
import { createHarness, type Json, type TestHarness } from '../../src/testing/harness';

export type User = Awaited<ReturnType<TestHarness['createUser']>>;

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;

/** The operator console's test world: one staff user, four customers and their organizations. */
export type StaffWorld = { staff: User; customers: User[]; orgs: Json[] };

async function createOrg(h: TestHarness, token: string, name: string, subdomain: string) {
  const res = await h.rest('POST', '/organizations', {
    token,
    body: { name, type: 'school', subdomain },
  });
  expect(res.status).toBe(201);
  return res.body.data as Json;
}

/**
 * Sid (staff); Alice, Bob, Carol (unverified) and Dan; five organizations, four subscriptions
 * (Alice basic + 2 venues and unlimited, Bob basic + 1, Dan basic + 3) and three instances.
 */
async function buildStaffWorld(h: TestHarness): Promise<StaffWorld> {
  const staff = await h.createUser({ staff: true, name: 'Sid Staff' });
  const customers: User[] = [];
  const orgs: Json[] = [];
  customers.push(await h.createUser({ name: 'Alice Adams', email: 'alice@school.test' }));
  customers.push(await h.createUser({ name: 'Bob Brown', email: 'bob@camp.test' }));
  customers.push(await h.createUser({ name: 'Carol Clark', verified: false }));
  customers.push(await h.createUser({ name: 'Dan Dean', email: 'dan@school.test' }));
  const [alice, bob, , dan] = customers as [User, User, User, User];
  orgs.push(await createOrg(h, alice.token, 'Alder School', 'alder'));
  orgs.push(await createOrg(h, alice.token, 'Birch Academy', 'birch'));
  orgs.push(await createOrg(h, bob.token, 'Cedar Camp', 'cedar'));
  orgs.push(await createOrg(h, dan.token, 'Damson College', 'damson'));
  orgs.push(await createOrg(h, dan.token, 'Elm Nursery', 'elm'));
  await giveActiveSubscription(h, alice.token, orgs[0]!.uuid, 'basic', 2);
  await giveActiveSubscription(h, alice.token, orgs[1]!.uuid, 'unlimited');
  await giveActiveSubscription(h, bob.token, orgs[2]!.uuid, 'basic', 1);
  await giveActiveSubscription(h, dan.token, orgs[3]!.uuid, 'basic', 3);
  for (const [token, org, sub] of [
    [alice.token, orgs[0]!, 'site'],
    [bob.token, orgs[2]!, 'camp'],
    [dan.token, orgs[3]!, 'college'],
  ] as const) {
    const res = await h.rest('POST', '/instances', {
      token,
      body: { organization_uuid: org.uuid, name: `Main ${sub}`, subdomain: sub },
    });
    expect(res.status).toBe(201);
  }
  while ((await runDueJobs(h.deps)) > 0);
  return { staff, customers, orgs };
}

/** A server with the staff world, made before the file's tests and handed to `keep`; closed after. */
export function useStaffWorld(keep: (made: StaffWorld & { h: TestHarness }) => unknown) {
  let h: TestHarness | undefined;
  beforeAll(async () => {
    h = await createHarness();
    keep({ h, ...(await buildStaffWorld(h)) });
  }, 60_000);
  afterAll(() => h?.close());
}

/** GET /staff/overview as the staff user. */
export async function staffOverview(h: TestHarness, staff: User): Promise<Json> {
  const res = await h.rest('GET', '/staff/overview', { token: staff.token });
  expect(res.status).toBe(200);
  return res.body.data as Json;
}

/** MRR counted here: active and past_due subscriptions at their plan and venues. */
export async function expectedMrr(h: TestHarness): Promise<number> {
  const subs = await h.db
    .selectFrom('subscriptions')
    .select(['plan_type', 'additional_venues', 'status'])
    .execute();
  return subs
    .filter((s) => s.status === 'active' || s.status === 'past_due')
    .reduce((sum, s) => sum + monthlyPricePence(s.plan_type as PlanId, s.additional_venues), 0);
}
