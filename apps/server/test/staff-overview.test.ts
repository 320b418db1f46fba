import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactCounters, recordDailyFigures, runDueJobs } from '@scmp/api';
import { monthlyPricePence, type PlanId } from '@scmp/api/contracts';
import { giveActiveSubscription } from '../src/testing/billing-fixtures';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { organizationId } from '../src/testing/organization-rows';

/**
 * The operator console (issue 23): GET /staff/overview, /staff/customers, /staff/instances and
 * /staff/customers/{uuid}. Every figure is compared with a count made here from the rows in the
 * database (the test wrote all of them): the trigger-kept counters must agree with the rows after
 * subscribing, a plan change, past-due and cancellation, instance status and health changes, and
 * ticket replies; the median first response with tickets whose reply times the test chose.
 */
let h: TestHarness;
let staff: Awaited<ReturnType<TestHarness['createUser']>>;
const customers: Array<Awaited<ReturnType<TestHarness['createUser']>>> = [];
const orgs: Json[] = [];
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

async function overview(): Promise<Json> {
  const res = await h.rest('GET', '/staff/overview', { token: staff.token });
  expect(res.status).toBe(200);
  return res.body.data as Json;
}

async function createOrg(token: string, name: string, subdomain: string): Promise<Json> {
  const res = await h.rest('POST', '/organizations', {
    token,
    body: { name, type: 'school', subdomain },
  });
  expect(res.status).toBe(201);
  return res.body.data as Json;
}

/** MRR counted here: active and past_due subscriptions at their plan and venues. */
async function expectedMrr(): Promise<number> {
  const subs = await h.db
    .selectFrom('subscriptions')
    .select(['plan_type', 'additional_venues', 'status'])
    .execute();
  return subs
    .filter((s) => s.status === 'active' || s.status === 'past_due')
    .reduce((sum, s) => sum + monthlyPricePence(s.plan_type as PlanId, s.additional_venues), 0);
}

beforeAll(async () => {
  h = await createHarness();
  staff = await h.createUser({ staff: true, name: 'Sid Staff' });
  customers.push(await h.createUser({ name: 'Alice Adams', email: 'alice@school.test' }));
  customers.push(await h.createUser({ name: 'Bob Brown', email: 'bob@camp.test' }));
  customers.push(await h.createUser({ name: 'Carol Clark', verified: false }));
  customers.push(await h.createUser({ name: 'Dan Dean', email: 'dan@school.test' }));
  const [alice, bob, , dan] = customers as [
    (typeof customers)[0],
    (typeof customers)[0],
    (typeof customers)[0],
    (typeof customers)[0],
  ];
  orgs.push(await createOrg(alice.token, 'Alder School', 'alder'));
  orgs.push(await createOrg(alice.token, 'Birch Academy', 'birch'));
  orgs.push(await createOrg(bob.token, 'Cedar Camp', 'cedar'));
  orgs.push(await createOrg(dan.token, 'Damson College', 'damson'));
  orgs.push(await createOrg(dan.token, 'Elm Nursery', 'elm'));
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
}, 60_000);
afterAll(() => h?.close());

describe('GET /staff/overview', () => {
  it('counts customers, organizations and subscriptions as the rows do', async () => {
    const o = await overview();
    const users = await h.db.selectFrom('users').selectAll().execute();
    const nonStaff = users.filter((u) => !u.is_staff);
    expect(o.customers).toEqual({
      accounts: nonStaff.length,
      verified: nonStaff.filter((u) => u.email_verified_at !== null).length,
    });
    expect(o.customers.accounts).toBe(4);
    const orgRows = await h.db.selectFrom('organizations').select('status').execute();
    for (const status of ['pending', 'active', 'inactive'])
      expect(o.organizations[status]).toBe(orgRows.filter((r) => r.status === status).length);
    const subs = await h.db.selectFrom('subscriptions').selectAll().execute();
    for (const plan of o.subscriptions as Json[]) {
      const mine = subs.filter((s) => s.plan_type === plan.plan);
      expect(plan.active).toBe(mine.filter((s) => s.status === 'active').length);
      expect(plan.in_force).toBe(
        mine.filter((s) => s.status === 'active' || s.status === 'past_due').length,
      );
    }
    expect(o.mrr.mrr_pence).toBe(await expectedMrr());
    // basic + 2 venues, unlimited, basic + 1, basic + 3.
    expect(o.mrr.mrr_pence).toBe(
      monthlyPricePence('basic', 2) +
        monthlyPricePence('unlimited', 0) +
        monthlyPricePence('basic', 1) +
        monthlyPricePence('basic', 3),
    );
    expect(o.mrr.counted_statuses).toEqual(['active', 'past_due']);
  });

  it('follows a plan change, venues, past due and a cancellation (also after folding)', async () => {
    const [alice, bob, , dan] = customers;
    const change = await h.rest('PATCH', '/subscription/plan', {
      token: alice!.token,
      body: { organization_uuid: orgs[0]!.uuid, plan_type: 'unlimited' },
    });
    expect(change.status).toBe(200);
    expect((await overview()).mrr.mrr_pence).toBe(await expectedMrr());

    const now = h.clock.now().getTime();
    const orgId = async (uuid: string) => await organizationId(h.db, uuid);
    // Bob is 5 days and 3 hours past due; Dan's venues change, then he cancels.
    await h.db
      .updateTable('subscriptions')
      .set({ status: 'past_due', past_due_since: new Date(now - 5 * DAY - 3 * HOUR) })
      .where('organization_id', '=', await orgId(orgs[2]!.uuid))
      .execute();
    await h.db
      .updateTable('subscriptions')
      .set({ additional_venues: 5 })
      .where('organization_id', '=', await orgId(orgs[3]!.uuid))
      .execute();
    expect((await overview()).mrr.mrr_pence).toBe(await expectedMrr());
    await compactCounters(h.deps);
    expect((await overview()).mrr.mrr_pence).toBe(await expectedMrr());
    const cancel = await h.rest('PATCH', '/subscription/cancel', {
      token: dan!.token,
      body: { organization_uuid: orgs[3]!.uuid },
    });
    expect(cancel.status).toBe(200);

    const o = await overview();
    expect(o.mrr.mrr_pence).toBe(await expectedMrr());
    expect(o.mrr.mrr_pence).toBe(
      monthlyPricePence('unlimited', 0) * 2 + monthlyPricePence('basic', 1),
    );
    expect(o.past_due.total).toBe(1);
    expect(o.past_due.items).toHaveLength(1);
    const item = o.past_due.items[0] as Json;
    expect(item.days_overdue).toBe(5);
    expect(item.organization.uuid).toBe(orgs[2]!.uuid);
    expect(item.customer.uuid).toBe(bob!.uuid);
    const plan = (o.subscriptions as Json[]).find((p) => p.plan === 'basic')!;
    expect(plan.past_due).toBe(1);
    expect(plan.cancelled).toBe(1);
  });

  it('counts the fleet by status and health and lists the unhealthy instances', async () => {
    const rows = await h.db.selectFrom('instances').select(['id', 'uuid']).orderBy('id').execute();
    expect(rows).toHaveLength(3);
    await h.db
      .updateTable('instances')
      .set({ status: 'active', last_health_status: 'unhealthy', last_health_check: h.clock.now() })
      .where('id', '=', rows[0]!.id)
      .execute();
    await h.db
      .updateTable('instances')
      .set({ status: 'active', last_health_status: 'healthy', last_health_check: h.clock.now() })
      .where('id', '=', rows[1]!.id)
      .execute();
    await h.db
      .updateTable('instances')
      .set({ status: 'suspended' })
      .where('id', '=', rows[2]!.id)
      .execute();
    const o = await overview();
    const all = await h.db
      .selectFrom('instances')
      .select(['uuid', 'status', 'last_health_status'])
      .execute();
    for (const status of ['pending', 'provisioning', 'active', 'suspended', 'terminated'])
      expect(o.fleet.by_status[status]).toBe(all.filter((i) => i.status === status).length);
    const live = all.filter((i) => i.status !== 'terminated');
    expect(o.fleet.by_health).toEqual({
      healthy: live.filter((i) => i.last_health_status === 'healthy').length,
      unhealthy: live.filter((i) => i.last_health_status === 'unhealthy').length,
      unknown: live.filter((i) => i.last_health_status === null).length,
    });
    expect((o.fleet.unhealthy as Json[]).map((i) => i.uuid)).toEqual([rows[0]!.uuid]);
  });

  it('counts open tickets, those waiting on staff, and the median first response', async () => {
    const [alice, bob] = customers;
    // Tickets created over the last days with a first staff reply after 1 h, 3 h and 10 h, one
    // never answered, one answered and then followed up by the customer (waiting again), and
    // one from 40 days ago (outside the 30-day window, answered after 100 h).
    const start = h.clock.now().getTime() - 3 * DAY;
    const plan = [
      { at: start, reply: 1 * HOUR, followUp: false, status: 'open' as const },
      { at: start + HOUR, reply: 3 * HOUR, followUp: true, status: 'in_progress' as const },
      { at: start + 2 * HOUR, reply: 10 * HOUR, followUp: false, status: 'resolved' as const },
      { at: start + 3 * HOUR, reply: null, followUp: false, status: 'open' as const },
      { at: start - 37 * DAY, reply: 100 * HOUR, followUp: false, status: 'closed' as const },
    ];
    for (const [i, t] of plan.entries()) {
      const ticket = await h.db
        .insertInto('support_tickets')
        .values({
          user_id: i % 2 === 0 ? alice!.id : bob!.id,
          subject: `Question ${i}`,
          description: 'Please help.',
          category: 'general',
          status: t.status,
          created_at: new Date(t.at),
          updated_at: new Date(t.at),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (t.reply !== null)
        await h.db
          .insertInto('support_ticket_messages')
          .values({
            ticket_id: ticket.id,
            author_id: staff.id,
            is_staff_reply: true,
            message: 'We are on it.',
            created_at: new Date(t.at + t.reply),
          })
          .execute();
      if (t.followUp && t.reply !== null)
        await h.db
          .insertInto('support_ticket_messages')
          .values({
            ticket_id: ticket.id,
            author_id: bob!.id,
            is_staff_reply: false,
            message: 'Still broken.',
            created_at: new Date(t.at + t.reply + HOUR),
          })
          .execute();
    }
    let o = await overview();
    // open = open + in_progress: tickets 0, 1, 3. Waiting on staff: 1 (follow-up) and 3 (none).
    expect(o.tickets.open).toBe(3);
    expect(o.tickets.waiting_on_staff).toBe(2);
    expect(o.tickets.median_first_response_seconds).toBeNull();

    // The median is recorded for closed days: the next day, over the 30 days ending yesterday.
    h.clock.advance(DAY);
    await recordDailyFigures(h.deps);
    o = await overview();
    const windowStart = h.clock.now().getTime() - 31 * DAY;
    const answered = plan
      .filter((t) => t.reply !== null && t.at >= windowStart)
      .map((t) => (t.reply ?? 0) / 1000)
      .sort((a, b) => a - b);
    expect(answered).toEqual([3600, 10800, 36000]);
    expect(o.tickets.median_first_response_seconds).toBe(answered[1]);
    expect(o.tickets.first_response_tickets).toBe(3);
  });

  it('keeps the MRR trend and the weekly sign-ups and cancellations', async () => {
    const o = await overview();
    const trend = o.mrr.trend as Json[];
    expect(trend).toHaveLength(12);
    expect(trend[11]!.mrr_pence).toBe(await expectedMrr());
    // Yesterday's snapshot was taken from the counters, equal to the MRR counted from the rows.
    const yesterday = new Date(h.clock.now().getTime() - DAY).toISOString().slice(0, 10);
    const row = await h.db
      .selectFrom('platform_daily_figures')
      .selectAll()
      .where('day', '=', yesterday)
      .executeTakeFirstOrThrow();
    expect(Number(row.mrr_pence)).toBe(await expectedMrr());
    expect(row.mrr_source).toBe('snapshot');

    // Sign-ups and cancellations in 7-day weeks ending today, counted here from the rows.
    const today = Date.parse(`${h.clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
    const first = today - 83 * DAY;
    const weeks = Array.from({ length: 12 }, () => ({ sign_ups: 0, cancellations: 0 }));
    const bucket = (at: Date) => Math.floor((at.getTime() - first) / (7 * DAY));
    const users = await h.db.selectFrom('users').selectAll().execute();
    for (const u of users) {
      const w = weeks[bucket(new Date(u.created_at))];
      if (!u.is_staff && w && new Date(u.created_at) <= h.clock.now()) w.sign_ups += 1;
    }
    const subs = await h.db.selectFrom('subscriptions').selectAll().execute();
    for (const s of subs) {
      if (!s.cancelled_at) continue;
      const w = weeks[bucket(new Date(s.cancelled_at))];
      if (w) w.cancellations += 1;
    }
    expect(
      (o.weekly as Json[]).map((w) => ({ sign_ups: w.sign_ups, cancellations: w.cancellations })),
    ).toEqual(weeks);
    expect(weeks.reduce((s, w) => s + w.sign_ups, 0)).toBe(4);
    expect(weeks.reduce((s, w) => s + w.cancellations, 0)).toBe(1);
  });
});

describe('staff lists', () => {
  beforeAll(async () => {
    for (let i = 0; i < 23; i++)
      await h.db
        .insertInto('users')
        .values({
          name: `Pager ${String(i).padStart(2, '0')}`,
          email: `pager${i}@paging.test`,
          password_hash: 'not-a-hash',
        })
        .execute();
  });

  async function allPages(path: string, query: Record<string, string>, limit: number) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const res = await h.rest('GET', path, {
        token: staff.token,
        query: { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(limit);
      seen.push(...(res.body.data as Json[]).map((r) => r.uuid as string));
      cursor = res.body.next_cursor ?? undefined;
      if (!cursor) break;
    }
    return seen;
  }

  it('pages customers without duplicates or gaps, with and without a search', async () => {
    const users = await h.db.selectFrom('users').select(['uuid', 'is_staff']).execute();
    const expected = users.filter((u) => !u.is_staff).map((u) => u.uuid);
    const all = await allPages('/staff/customers', {}, 7);
    expect(all).toHaveLength(expected.length);
    expect(new Set(all)).toEqual(new Set(expected));

    const pagers = await allPages('/staff/customers', { q: 'PAGER' }, 4);
    const pagerRows = await h.db
      .selectFrom('users')
      .select('uuid')
      .where('email', 'like', 'pager%')
      .execute();
    expect(pagers).toHaveLength(23);
    expect(new Set(pagers)).toEqual(new Set(pagerRows.map((r) => r.uuid)));
  });

  it('finds customers by e-mail, name and organization name, each once', async () => {
    const [alice, bob, , dan] = customers;
    const find = async (q: string) =>
      (await h.rest('GET', '/staff/customers', { token: staff.token, query: { q } })).body
        .data as Json[];
    expect((await find('alice@')).map((c) => c.uuid)).toEqual([alice!.uuid]);
    expect((await find('bob b')).map((c) => c.uuid)).toEqual([bob!.uuid]);
    // Organization names: Damson College and Elm Nursery are Dan's; Cedar Camp is Bob's.
    expect((await find('damson')).map((c) => c.uuid)).toEqual([dan!.uuid]);
    expect((await find('cedar')).map((c) => c.uuid)).toEqual([bob!.uuid]);
    const a = (await find('a')).map((c) => c.uuid);
    expect(new Set(a).size).toBe(a.length);
    expect(a).toContain(alice!.uuid);
    const aliceRow = (await find('alice@'))[0]!;
    expect(aliceRow.organizations_total).toBe(2);
    expect((aliceRow.organizations as Json[]).map((o) => o.plan).sort()).toEqual([
      'unlimited',
      'unlimited',
    ]);
    expect(await find('nobody-matches')).toEqual([]);
  });

  it('pages instances across tenants and searches them', async () => {
    const rows = await h.db.selectFrom('instances').select(['uuid', 'host', 'status']).execute();
    const all = await allPages('/staff/instances', {}, 2);
    expect(new Set(all)).toEqual(new Set(rows.map((r) => r.uuid)));
    expect(all).toHaveLength(rows.length);
    const host = rows[0]!.host!;
    const found = await allPages('/staff/instances', { q: host.slice(0, 6) }, 1);
    expect(found).toEqual(
      rows.filter((r) => r.host?.startsWith(host.slice(0, 6))).map((r) => r.uuid),
    );
    const byName = await allPages('/staff/instances', { q: 'main' }, 1);
    expect(new Set(byName)).toEqual(new Set(rows.map((r) => r.uuid)));
    expect(byName).toHaveLength(rows.length);
    const suspended = await allPages('/staff/instances', { status: 'suspended' }, 5);
    expect(suspended).toEqual(rows.filter((r) => r.status === 'suspended').map((r) => r.uuid));
    const res = await h.rest('GET', '/staff/instances', {
      token: staff.token,
      query: { q: 'main' },
    });
    const item = (res.body.data as Json[])[0]!;
    expect(item.organization.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.owner.email).toMatch(/@/);
  });

  it('refuses a bad cursor and limit', async () => {
    const bad = await h.rest('GET', '/staff/customers', {
      token: staff.token,
      query: { cursor: 'not-a-cursor' },
    });
    expect(bad.status).toBe(422);
    const big = await h.rest('GET', '/staff/instances', {
      token: staff.token,
      query: { limit: '1000' },
    });
    expect(big.status).toBe(422);
  });
});

describe('GET /staff/customers/{uuid}', () => {
  it('shows what the customer sees and writes "viewed by support staff" to their log', async () => {
    const alice = customers[0]!;
    const before = await h.db
      .selectFrom('activity_events')
      .selectAll()
      .where('user_id', '=', alice.id)
      .execute();
    const res = await h.rest('GET', `/staff/customers/${alice.uuid}`, { token: staff.token });
    expect(res.status).toBe(200);
    const data = res.body.data as Json;
    expect(data.email).toBe(alice.email);
    expect((data.organizations as Json[]).map((o) => o.uuid).sort()).toEqual(
      [orgs[0]!.uuid, orgs[1]!.uuid].sort(),
    );
    expect((data.instances as Json[]).length).toBe(1);
    expect(data.tickets.recent.length).toBeGreaterThan(0);
    const after = await h.db
      .selectFrom('activity_events')
      .selectAll()
      .where('user_id', '=', alice.id)
      .execute();
    expect(after.length).toBe(before.length + 1);
    const event = after.find((e) => !before.some((b) => b.id === e.id))!;
    expect(event.description).toMatch(/viewed by support staff/);
    expect(event.action).toBe('staff.viewed');
    const log = await h.rest('GET', '/activity', { token: alice.token });
    expect(JSON.stringify(log.body)).toContain('viewed by support staff');
    const missing = await h.rest('GET', '/staff/customers/not-a-uuid', { token: staff.token });
    expect(missing.status).toBe(404);
    const staffView = await h.rest('GET', `/staff/customers/${staff.uuid}`, { token: staff.token });
    expect(staffView.status).toBe(404);
  });
});

describe('staff only', () => {
  const restPaths = () => [
    '/staff/overview',
    '/staff/customers',
    '/staff/instances',
    `/staff/customers/${customers[0]!.uuid}`,
  ];
  const procedures = () =>
    [
      ['staff.overview', undefined],
      ['staff.customers', {}],
      ['staff.instances', {}],
      ['staff.customer', { uuid: customers[0]!.uuid }],
    ] as const;

  // A customer gets 404, as if the operation did not exist. An anonymous caller gets the 401
  // "Unauthenticated." every protected operation gives (the isolation matrix and the
  // document-truth test hold every secured operation to that), which says nothing about staff.
  it('answers 404 to a customer and 401 to an anonymous caller through REST and tRPC', async () => {
    const customer = customers[1]!;
    for (const path of restPaths()) {
      expect((await h.rest('GET', path, { token: customer.token })).status, path).toBe(404);
      const anonymous = await h.rest('GET', path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.body.message).toBe('Unauthenticated.');
    }
    for (const [path, input] of procedures()) {
      expect((await h.trpc('query', path, input, { token: customer.token })).status, path).toBe(
        404,
      );
      expect((await h.trpc('query', path, input)).status, path).toBe(401);
    }
    const events = await h.db
      .selectFrom('activity_events')
      .select('id')
      .where('action', '=', 'staff.viewed')
      .execute();
    expect(events).toHaveLength(1);
  });
});
