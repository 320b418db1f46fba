import { describe, expect, it } from 'vitest';
import { monthlyPricePence } from '@scmp/api/contracts/plans';
import type { Json, TestHarness } from '../src/testing/harness';
import { subscriptionRows } from '../src/testing/recorded-rows';
import { useDashboardWorld, type DashboardWorld } from './dashboard/fixtures';

/**
 * The dashboard home (issue 23): GET /dashboard/overview against rows the test writes. Every
 * figure is compared with a count made here from those rows (read back with plain selects and
 * counted in the test): organizations of each status, instances healthy, unhealthy, unchecked and
 * suspended, a past-due subscription, an unverified user, tickets with and without an unanswered
 * staff reply; another customer's rows are never counted.
 */
let h: TestHarness;
let owner: DashboardWorld['owner'];
let stranger: DashboardWorld['owner'];
let member: DashboardWorld['owner'];
let orgs: DashboardWorld['orgs'];
let instances: DashboardWorld['instances'];
let tickets: DashboardWorld['tickets'];
useDashboardWorld((w) => ({ h, owner, stranger, member, orgs, instances, tickets } = w));

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
    const subs = await subscriptionRows(h.db, { ownerId: owner.id });
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
