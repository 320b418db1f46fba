import { describe, expect, it } from 'vitest';
import { compactCounters, recordDailyFigures } from '@scmp/api';
import { monthlyPricePence } from '@scmp/api/contracts';
import type { Json, TestHarness } from '../src/testing/harness';
import { organizationId } from '../src/testing/organization-rows';
import { DAY, HOUR, useStaffWorld, expectedMrr, staffOverview, type User } from './staff/fixtures';

/**
 * The operator console (issue 23): GET /staff/overview. Every figure is compared with a count made
 * here from the rows in the database (the test wrote all of them): the trigger-kept counters must
 * agree with the rows after subscribing, a plan change, past-due and cancellation, instance status
 * and health changes, and ticket replies; the median first response with tickets whose reply times
 * the test chose.
 */
let h: TestHarness;
let staff: User;
let customers: User[];
let orgs: Json[];

useStaffWorld((made) => ({ h, staff, customers, orgs } = made));

describe('GET /staff/overview', () => {
  it('counts customers, organizations and subscriptions as the rows do', async () => {
    const o = await staffOverview(h, staff);
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
    expect(o.mrr.mrr_pence).toBe(await expectedMrr(h));
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
    expect((await staffOverview(h, staff)).mrr.mrr_pence).toBe(await expectedMrr(h));

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
    expect((await staffOverview(h, staff)).mrr.mrr_pence).toBe(await expectedMrr(h));
    await compactCounters(h.deps);
    expect((await staffOverview(h, staff)).mrr.mrr_pence).toBe(await expectedMrr(h));
    const cancel = await h.rest('PATCH', '/subscription/cancel', {
      token: dan!.token,
      body: { organization_uuid: orgs[3]!.uuid },
    });
    expect(cancel.status).toBe(200);

    const o = await staffOverview(h, staff);
    expect(o.mrr.mrr_pence).toBe(await expectedMrr(h));
    expect(o.mrr.mrr_pence).toBe(
      monthlyPricePence('unlimited', 0) * 2 + monthlyPricePence('basic', 1),
    );
    expect(o.past_due.total).toBe(1);
    expect(o.past_due.items).toHaveLength(1);
    const item = o.past_due.items[0] as Json;
    expect(item.days_overdue).toBe(5);
    expect(item.organization.uuid).toBe(orgs[2]!.uuid);
    expect(item.customer.uuid).toBe(bob!.uuid);
    expect(Object.keys(item)).toEqual([
      'subscription_uuid',
      'status',
      'plan',
      'additional_venues',
      'past_due_since',
      'days_overdue',
      'organization',
      'customer',
    ]);
    expect(item.organization).toEqual({ uuid: orgs[2]!.uuid, name: orgs[2]!.name });
    expect(item.customer).toEqual({ uuid: bob!.uuid, email: 'bob@camp.test', name: 'Bob Brown' });
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
    const o = await staffOverview(h, staff);
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
    const sick = (o.fleet.unhealthy as Json[])[0]!;
    const owner = customers.find((c) => c.uuid === sick.customer.uuid)!;
    expect(sick).toEqual({
      uuid: rows[0]!.uuid,
      name: expect.any(String),
      host: expect.any(String),
      status: 'active',
      last_health_check: h.clock.now().toISOString(),
      organization: { uuid: expect.any(String), name: expect.any(String) },
      customer: { uuid: owner.uuid, email: owner.email },
    });
    expect(orgs.map((org) => [org.uuid, org.name])).toContainEqual([
      sick.organization.uuid,
      sick.organization.name,
    ]);
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
    let o = await staffOverview(h, staff);
    // open = open + in_progress: tickets 0, 1, 3. Waiting on staff: 1 (follow-up) and 3 (none).
    expect(o.tickets.open).toBe(3);
    expect(o.tickets.waiting_on_staff).toBe(2);
    expect(o.tickets.median_first_response_seconds).toBeNull();

    // The median is recorded for closed days: the next day, over the 30 days ending yesterday.
    h.clock.advance(DAY);
    await recordDailyFigures(h.deps);
    o = await staffOverview(h, staff);
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
    const o = await staffOverview(h, staff);
    const trend = o.mrr.trend as Json[];
    expect(trend).toHaveLength(12);
    expect(trend[11]!.mrr_pence).toBe(await expectedMrr(h));
    // Yesterday's snapshot was taken from the counters, equal to the MRR counted from the rows.
    const yesterday = new Date(h.clock.now().getTime() - DAY).toISOString().slice(0, 10);
    const row = await h.db
      .selectFrom('platform_daily_figures')
      .selectAll()
      .where('day', '=', yesterday)
      .executeTakeFirstOrThrow();
    expect(Number(row.mrr_pence)).toBe(await expectedMrr(h));
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
