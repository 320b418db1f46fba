import { afterAll, beforeAll, expect } from 'vitest';
import { runDueJobs } from '@scmp/api';
import { giveActiveSubscription } from '../../src/testing/billing-fixtures';
import {
  createHarness,
  type Json,
  type TestHarness,
  type TestUser,
} from '../../src/testing/harness';
import {
  addMemberRow,
  createOrganization,
  organizationId,
} from '../../src/testing/organization-rows';

/**
 * The world of the dashboard-home tests (issue 23), written through the API and into rows: an
 * owner with an active (5 instances: healthy, unhealthy, suspended, expiring, unchecked), a past
 * due, a pending and an inactive organization; a member of the active one; tickets awaiting the
 * owner's answer, answered, without a reply and resolved; and a stranger with an organization,
 * an unhealthy instance and a ticket of their own. Handed to `keep` once built.
 */
export const DAY = 86_400_000;
export type DashboardWorld = {
  h: TestHarness;
  owner: TestUser;
  stranger: TestUser;
  staff: TestUser;
  member: TestUser;
  orgs: Record<string, string>;
  instances: Record<string, string>;
  tickets: Record<string, string>;
};

export function useDashboardWorld(keep: (w: DashboardWorld) => unknown) {
  let h: TestHarness;
  let owner: TestUser;
  let stranger: TestUser;
  let staff: TestUser;
  let member: TestUser;
  const orgs: Record<string, string> = {};
  const instances: Record<string, string> = {};
  const tickets: Record<string, string> = {};

  async function createOrg(token: string, label: string): Promise<string> {
    const subdomain = `${label}-${Date.now() % 1e6}`;
    return (
      await createOrganization(h, token, { name: `${label} School`, type: 'school', subdomain })
    ).uuid;
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
    await setInstance(instances.healthy!, {
      last_health_status: 'healthy',
      last_health_check: now,
    });
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
    keep({ h, owner, stranger, staff, member, orgs, instances, tickets });
  }, 60_000);
  afterAll(() => h?.close());
}
