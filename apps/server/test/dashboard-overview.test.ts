import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '@scmp/api';
import { monthlyPricePence } from '@scmp/api/contracts/plans';
import { giveActiveSubscription } from '../src/testing/billing-fixtures';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { organizationId, addMemberRow } from '../src/testing/organization-rows';

/**
 * The dashboard home (issue 23): GET /dashboard/overview and GET /instances/uptime against rows
 * the test writes. Every figure is compared with a count made here from those rows (read back
 * with plain selects and counted in the test): organizations of each status, instances healthy,
 * unhealthy, unchecked and suspended, a past-due subscription, an unverified user, tickets with
 * and without an unanswered staff reply; another customer's rows are never counted, and the
 * uptime per day is checked against checks inserted on the test clock around the day edges.
 */
let h: TestHarness;
type User = Awaited<ReturnType<TestHarness['createUser']>>;
let owner: User;
let stranger: User;
let staff: User;
let member: User;
const orgs: Record<string, string> = {};
const instances: Record<string, string> = {};
const tickets: Record<string, string> = {};
const DAY = 86_400_000;

async function createOrg(token: string, label: string): Promise<string> {
  const res = await h.rest('POST', '/organizations', {
    token,
    body: { name: `${label} School`, type: 'school', subdomain: `${label}-${Date.now() % 1e6}` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.uuid as string;
}

async function deploy(token: string, orgUuid: string, name: string): Promise<string> {
  const res = await h.rest('POST', '/instances', {
    token,
    body: { organization_uuid: orgUuid, name, subdomain: name },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.uuid as string;
}

async function openTicket(token: string, subject: string, orgUuid: string): Promise<string> {
  const res = await h.rest('POST', '/support/tickets', {
    token,
    body: {
      subject,
      description: 'Something is wrong',
      category: 'technical',
      organization_uuid: orgUuid,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
}

async function reply(ticket: string, token: string, asStaff: boolean) {
  const path = asStaff
    ? `/support/staff/tickets/${ticket}/messages`
    : `/support/tickets/${ticket}/messages`;
  const res = await h.rest('POST', path, { token, body: { message: 'A message' } });
  expect(res.status, res.text).toBe(201);
  // Messages are ordered by time: each one a second after the previous.
  h.clock.advance(1000);
}

const setInstance = (uuid: string, values: Json) =>
  h.db.updateTable('instances').set(values).where('uuid', '=', uuid).execute();

beforeAll(async () => {
  h = await createHarness();
  owner = await h.createUser();
  stranger = await h.createUser();
  staff = await h.createUser({ staff: true });
  member = await h.createUser();

  // The owner: active (4 instances), past due, pending and inactive organizations.
  orgs.active = await createOrg(owner.token, 'alpha');
  await giveActiveSubscription(h, owner.token, orgs.active, 'unlimited');
  orgs.pastDue = await createOrg(owner.token, 'bravo');
  await giveActiveSubscription(h, owner.token, orgs.pastDue, 'basic', 2);
  orgs.pending = await createOrg(owner.token, 'charlie');
  orgs.inactive = await createOrg(owner.token, 'delta');
  for (const name of ['healthy', 'unhealthy', 'suspended', 'expiring', 'unchecked'])
    instances[name] = await deploy(owner.token, orgs.active, name);
  // The stranger: an active organization with an unhealthy instance and a staff reply.
  orgs.stranger = await createOrg(stranger.token, 'echo');
  await giveActiveSubscription(h, stranger.token, orgs.stranger);
  instances.stranger = await deploy(stranger.token, orgs.stranger, 'other');
  while ((await runDueJobs(h.deps)) > 0);

  const now = h.clock.now();
  await setInstance(instances.healthy!, { last_health_status: 'healthy', last_health_check: now });
  await setInstance(instances.unhealthy!, {
    last_health_status: 'unhealthy',
    last_health_check: now,
  });
  await setInstance(instances.expiring!, {
    last_health_status: 'healthy',
    last_health_check: now,
    ssl_status: 'expiring',
    ssl_expires_at: new Date(now.getTime() + 10 * DAY),
  });
  await setInstance(instances.unchecked!, { last_health_status: null, last_health_check: null });
  await setInstance(instances.stranger!, {
    last_health_status: 'unhealthy',
    last_health_check: now,
  });
  const suspended = await h.rest('PATCH', `/instances/${instances.suspended}/status`, {
    token: owner.token,
    body: { action: 'suspend' },
  });
  expect(suspended.status, suspended.text).toBe(200);
  await h.db
    .updateTable('organizations')
    .set({ status: 'inactive' })
    .where('uuid', '=', orgs.inactive)
    .execute();
  const bravo = { id: await organizationId(h.db, orgs.pastDue) };
  await h.db
    .updateTable('subscriptions')
    .set({ status: 'past_due', past_due_since: new Date(now.getTime() - 3 * DAY) })
    .where('organization_id', '=', bravo.id)
    .execute();

  // A member (role member) of the active organization.
  const alpha = { id: await organizationId(h.db, orgs.active) };
  await addMemberRow(h.db, alpha.id, member.id, 'member');

  // Tickets: awaiting (staff replied last), answered (customer replied after staff), no reply,
  // resolved after a staff reply (not open); the stranger's awaiting ticket.
  tickets.awaiting = await openTicket(owner.token, 'Awaiting my answer', orgs.active!);
  await reply(tickets.awaiting, owner.token, false);
  await reply(tickets.awaiting, staff.token, true);
  tickets.answered = await openTicket(owner.token, 'I answered', orgs.active!);
  await reply(tickets.answered, staff.token, true);
  await reply(tickets.answered, owner.token, false);
  tickets.silent = await openTicket(owner.token, 'No reply yet', orgs.active!);
  tickets.resolved = await openTicket(owner.token, 'Resolved', orgs.active!);
  await reply(tickets.resolved, staff.token, true);
  const resolved = await h.rest('PATCH', `/support/staff/tickets/${tickets.resolved}/status`, {
    token: staff.token,
    body: { status: 'resolved' },
  });
  expect(resolved.status, resolved.text).toBe(200);
  tickets.stranger = await openTicket(stranger.token, 'Not yours', orgs.stranger!);
  await reply(tickets.stranger, staff.token, true);
}, 60_000);
afterAll(() => h?.close());

/** Counts made here from the user's rows (plain selects, counted in the test). */
async function independentCounts(userId: number) {
  const memberships = await h.db
    .selectFrom('organization_members')
    .select('organization_id')
    .where('user_id', '=', userId)
    .execute();
  const orgIds = memberships.map((m) => m.organization_id);
  const orgRows = orgIds.length
    ? await h.db.selectFrom('organizations').selectAll().where('id', 'in', orgIds).execute()
    : [];
  const instanceRows = orgIds.length
    ? await h.db
        .selectFrom('instances')
        .selectAll()
        .where('organization_id', 'in', orgIds)
        .execute()
    : [];
  const live = instanceRows.filter((i) => i.status !== 'terminated');
  const active = live.filter((i) => i.status === 'active');
  const ticketRows = await h.db
    .selectFrom('support_tickets')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const openTickets = ticketRows.filter((t) => t.status === 'open' || t.status === 'in_progress');
  let awaiting = 0;
  for (const t of openTickets) {
    const messages = await h.db
      .selectFrom('support_ticket_messages')
      .selectAll()
      .where('ticket_id', '=', t.id)
      .execute();
    const last = messages.sort((a, b) => +a.created_at - +b.created_at || a.id - b.id).at(-1);
    if (last?.is_staff_reply) awaiting += 1;
  }
  const byStatus = (status: string) => orgRows.filter((o) => o.status === status).length;
  const instancesBy = (status: string) => live.filter((i) => i.status === status).length;
  return {
    organizations: {
      total: orgRows.length,
      by_status: {
        pending: byStatus('pending'),
        active: byStatus('active'),
        inactive: byStatus('inactive'),
        closing: byStatus('closing'),
      },
    },
    instances: {
      total: live.length,
      by_status: {
        pending: instancesBy('pending'),
        provisioning: instancesBy('provisioning'),
        active: instancesBy('active'),
        suspended: instancesBy('suspended'),
      },
      by_health: {
        healthy: active.filter((i) => i.last_health_status === 'healthy').length,
        unhealthy: active.filter((i) => i.last_health_status === 'unhealthy').length,
        unchecked: active.filter((i) => i.last_health_status === null).length,
      },
    },
    tickets: { open: openTickets.length, awaiting_reply: awaiting },
  };
}

async function overview(token: string) {
  const res = await h.rest('GET', '/dashboard/overview', { token });
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

describe('GET /dashboard/overview', () => {
  it('counts organizations, instances and tickets as counted from the rows', async () => {
    const data = await overview(owner.token);
    const expected = await independentCounts(owner.id);
    expect(data.organizations).toEqual(expected.organizations);
    expect(data.instances).toEqual(expected.instances);
    expect(data.tickets).toEqual(expected.tickets);
    // What the test set up, so the independent count cannot be trivially empty.
    expect(expected.organizations.by_status).toEqual({
      pending: 1,
      active: 2,
      inactive: 1,
      closing: 0,
    });
    expect(expected.instances.by_status.suspended).toBe(1);
    expect(expected.instances.by_health).toEqual({ healthy: 2, unhealthy: 1, unchecked: 1 });
    expect(expected.tickets).toEqual({ open: 3, awaiting_reply: 1 });
  });

  it('gives each organization its subscription state, next invoice date and amount', async () => {
    const data = await overview(owner.token);
    const subs = await h.db
      .selectFrom('subscriptions')
      .innerJoin('organizations', 'organizations.id', 'subscriptions.organization_id')
      .selectAll('subscriptions')
      .select('organizations.uuid as org_uuid')
      .where('subscriptions.owner_id', '=', owner.id)
      .execute();
    const line = (uuid: string) =>
      (data.subscriptions as Json[]).find((l) => l.organization_uuid === uuid);
    expect(data.subscriptions).toHaveLength(4);
    const alpha = subs.find((s) => s.org_uuid === orgs.active)!;
    expect(line(orgs.active!)).toMatchObject({
      state: 'active',
      plan_type: 'unlimited',
      plan_name: 'Unlimited',
      price_monthly_pence: monthlyPricePence('unlimited', 0),
      next_invoice_date: alpha.current_period_end.toISOString(),
      next_invoice_pence: monthlyPricePence('unlimited', 0) - alpha.credit_pence,
      past_due_since: null,
      link: `/dashboard/subscription?organization=${orgs.active}`,
    });
    const bravo = subs.find((s) => s.org_uuid === orgs.pastDue)!;
    expect(line(orgs.pastDue!)).toMatchObject({
      state: 'past_due',
      plan_type: 'basic',
      price_monthly_pence: monthlyPricePence('basic', 2),
      next_invoice_date: bravo.current_period_end.toISOString(),
      past_due_since: bravo.past_due_since!.toISOString(),
    });
    expect(line(orgs.pending!)).toMatchObject({ state: 'none', plan_type: null });
    expect(line(orgs.inactive!)).toMatchObject({ state: 'none', organization_status: 'inactive' });
    expect(line(orgs.stranger!)).toBeUndefined();
  });

  it('names every problem with a link to the page that fixes it, most severe first', async () => {
    const data = await overview(owner.token);
    const items = data.needs_attention as Json[];
    const kinds = items.map((i) => `${i.kind} ${i.link}`);
    expect(kinds.sort()).toEqual(
      [
        `payment_past_due /dashboard/subscription?organization=${orgs.pastDue}`,
        `organization_pending_payment /dashboard/subscription?organization=${orgs.pending}`,
        `instance_unhealthy /dashboard/instances/${instances.unhealthy}`,
        `instance_suspended /dashboard/instances/${instances.suspended}`,
        `certificate /dashboard/instances/${instances.expiring}`,
        `staff_reply /dashboard/support?ticket=${tickets.awaiting}`,
      ].sort(),
    );
    const severities = items.map((i) => i.severity);
    const rank = { critical: 0, warning: 1, info: 2 } as Record<string, number>;
    expect(severities).toEqual([...severities].sort((a, b) => rank[a]! - rank[b]!));
    expect(items.find((i) => i.kind === 'payment_past_due')!.title).toContain('bravo School');
    expect(items.find((i) => i.kind === 'certificate')!.detail).toMatch(/expires on/);
    expect(JSON.stringify(items)).not.toContain(instances.stranger);
    expect(JSON.stringify(items)).not.toContain(tickets.stranger);
  });

  it('never counts or shows another customer’s rows', async () => {
    const data = await overview(stranger.token);
    expect(data.organizations).toEqual((await independentCounts(stranger.id)).organizations);
    expect(data.organizations.total).toBe(1);
    expect(data.instances).toEqual((await independentCounts(stranger.id)).instances);
    expect(data.tickets).toEqual({ open: 1, awaiting_reply: 1 });
    const text = JSON.stringify(data);
    for (const uuid of [...Object.values(instances), ...Object.values(orgs)])
      if (uuid !== instances.stranger && uuid !== orgs.stranger) expect(text).not.toContain(uuid);
  });

  it('shows a member the organization’s instances but not its billing', async () => {
    const data = await overview(member.token);
    const expected = await independentCounts(member.id);
    expect(data.organizations).toEqual(expected.organizations);
    expect(data.instances).toEqual(expected.instances);
    expect(data.tickets).toEqual({ open: 0, awaiting_reply: 0 });
    expect(data.subscriptions).toEqual([
      expect.objectContaining({ organization_uuid: orgs.active, state: 'hidden', plan_type: null }),
    ]);
    expect((data.needs_attention as Json[]).map((i) => i.kind).sort()).toEqual(
      ['certificate', 'instance_suspended', 'instance_unhealthy'].sort(),
    );
  });

  it('asks an unverified user to verify, linking to where the e-mail is sent again', async () => {
    const unverified = await h.createUser({ verified: false });
    const data = await overview(unverified.token);
    expect(data.organizations.total).toBe(0);
    expect(data.needs_attention).toEqual([
      expect.objectContaining({
        kind: 'email_unverified',
        severity: 'warning',
        link: '/dashboard#email-verification',
      }),
    ]);
    expect((await overview(owner.token)).needs_attention).not.toContainEqual(
      expect.objectContaining({ kind: 'email_unverified' }),
    );
  });

  it('answers the same through tRPC, 401 without a session, and keeps /dashboard/summary', async () => {
    const rest = await overview(owner.token);
    const trpc = await h.trpc('query', 'dashboard.overview', undefined, {
      token: owner.token,
    });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.data).toEqual(rest);
    expect((await h.rest('GET', '/dashboard/overview')).status).toBe(401);
    const summary = await h.rest('GET', '/dashboard/summary', { token: owner.token });
    expect(summary.body.data).toMatchObject({ organization_count: 4, instance_count: 5 });
  });
});

describe('GET /instances/uptime', () => {
  type Check = { instance: string; at: number; healthy: boolean };
  const written: Check[] = [];

  beforeAll(async () => {
    const ids = await h.db
      .selectFrom('instances')
      .select(['id', 'uuid'])
      .where('uuid', 'in', [instances.healthy!, instances.unhealthy!, instances.stranger!])
      .execute();
    const now = h.clock.now().getTime();
    const today = Math.floor(now / DAY) * DAY;
    const first = today - 29 * DAY;
    const rows: Json[] = [];
    const add = (uuid: string, at: number, healthy: boolean) => {
      written.push({ instance: uuid, at, healthy });
      rows.push({
        instance_id: ids.find((i) => i.uuid === uuid)!.id,
        checked_at: new Date(at),
        healthy,
        status_code: healthy ? 200 : 503,
        response_ms: 40,
        detail: null,
      });
    };
    // Every 6 hours for 35 days, from before the period to after now (future ones are left out),
    // with one failed check on every fifth day; and checks exactly on the edges.
    for (let t = first - 5 * DAY; t <= now + DAY; t += 6 * 3600_000) {
      add(instances.healthy!, t, Math.floor(t / DAY) % 5 !== 0 || t % DAY !== 0);
      add(instances.unhealthy!, t + 1, t % (12 * 3600_000) !== 0);
    }
    add(instances.healthy!, first, false); // the first instant of the period: counted
    add(instances.healthy!, first - 1, false); // the last millisecond before it: not counted
    add(instances.healthy!, today - 1, false); // the last millisecond of yesterday
    add(instances.healthy!, now, true); // now: counted
    add(instances.stranger!, today, false);
    // A day without any check for the unhealthy instance: 10 days ago.
    const gap = today - 10 * DAY;
    for (let i = rows.length - 1; i >= 0; i--) {
      const w = written[i]!;
      if (w.instance === instances.unhealthy && w.at >= gap && w.at < gap + DAY) {
        rows.splice(i, 1);
        written.splice(i, 1);
      }
    }
    for (let i = 0; i < rows.length; i += 500)
      await h.db
        .insertInto('instance_health_checks')
        .values(rows.slice(i, i + 500) as never)
        .execute();
  });

  /** Per-day shares counted here from the checks the test wrote. */
  function expectedDays(uuid: string, days: number) {
    const now = h.clock.now().getTime();
    const from = Math.floor(now / DAY) * DAY - (days - 1) * DAY;
    const mine = written.filter((c) => c.instance === uuid && c.at >= from && c.at <= now);
    const list = Array.from({ length: days }, (_, k) => {
      const start = from + k * DAY;
      const inDay = mine.filter((c) => c.at >= start && c.at < start + DAY);
      const healthy = inDay.filter((c) => c.healthy).length;
      return {
        date: new Date(start).toISOString().slice(0, 10),
        checks: inDay.length,
        healthy,
        uptime: inDay.length ? Math.round((healthy / inDay.length) * 10000) / 100 : null,
      };
    });
    const up = mine.filter((c) => c.healthy).length;
    return {
      uuid,
      uptime: mine.length ? Math.round((up / mine.length) * 10000) / 100 : null,
      checks: mine.length,
      failed: mine.length - up,
      days: list,
    };
  }

  it('gives each visible instance its share of healthy checks per day, edges included', async () => {
    const res = await h.rest('GET', '/instances/uptime', {
      token: owner.token,
      query: { days: '30' },
    });
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    expect(data.days).toBe(30);
    const byUuid = new Map((data.instances as Json[]).map((i) => [i.uuid, i]));
    expect([...byUuid.keys()].sort()).toEqual(
      ['healthy', 'unhealthy', 'suspended', 'expiring', 'unchecked']
        .map((k) => instances[k]!)
        .sort(),
    );
    expect(byUuid.get(instances.healthy)).toEqual(expectedDays(instances.healthy!, 30));
    expect(byUuid.get(instances.unhealthy)).toEqual(expectedDays(instances.unhealthy!, 30));
    const healthy = byUuid.get(instances.healthy)!;
    expect(healthy.days).toHaveLength(30);
    expect(data.from).toBe(healthy.days[0].date);
    expect(data.to).toBe(new Date(h.clock.now()).toISOString().slice(0, 10));
    // The day of the gap has no data; an instance without checks has none on any day.
    const gapDay = new Date(Math.floor(h.clock.now().getTime() / DAY) * DAY - 10 * DAY)
      .toISOString()
      .slice(0, 10);
    expect(byUuid.get(instances.unhealthy)?.days.find((d: Json) => d.date === gapDay)).toEqual({
      date: gapDay,
      checks: 0,
      healthy: 0,
      uptime: null,
    });
    expect(byUuid.get(instances.unchecked)).toMatchObject({ uptime: null, checks: 0, failed: 0 });
  });

  it('takes a shorter period and one organization, and answers 404 for another’s', async () => {
    const week = await h.rest('GET', '/instances/uptime', {
      token: owner.token,
      query: { days: '7', organization_id: orgs.active! },
    });
    expect(week.status, week.text).toBe(200);
    const healthy = (week.body.data.instances as Json[]).find((i) => i.uuid === instances.healthy);
    expect(healthy).toEqual(expectedDays(instances.healthy!, 7));
    const theirs = await h.rest('GET', '/instances/uptime', {
      token: owner.token,
      query: { organization_id: orgs.stranger! },
    });
    expect(theirs.status).toBe(404);
    const mine = await h.rest('GET', '/instances/uptime', { token: stranger.token });
    expect((mine.body.data.instances as Json[]).map((i) => i.uuid)).toEqual([instances.stranger]);
    for (const days of ['0', '91', 'x']) {
      const bad = await h.rest('GET', '/instances/uptime', {
        token: owner.token,
        query: { days },
      });
      expect(bad.status, days).toBeGreaterThanOrEqual(400);
      expect(bad.status, days).toBeLessThan(500);
    }
    const trpc = await h.trpc('query', 'instances.uptime', { days: 7 }, { token: owner.token });
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.data.instances).toHaveLength(5);
  });
});
