import { beforeAll, describe, expect, it } from 'vitest';
import type { Json, TestHarness } from '../src/testing/harness';
import { valuesWhere } from '../src/testing/recorded-rows';
import { useStaffWorld, type User } from './staff/fixtures';

/**
 * The operator console (issue 23): GET /staff/customers, /staff/instances and
 * /staff/customers/{uuid}, staff only. They start where staff-overview.test.ts leaves the world
 * the lists show: Alice's first organization moved to the unlimited plan, and a ticket of hers.
 */
let h: TestHarness;
let staff: User;
let customers: User[];
let orgs: Json[];

useStaffWorld((made) => ({ h, staff, customers, orgs } = made));
beforeAll(async () => {
  const [alice] = customers as [User];
  const change = await h.rest('PATCH', '/subscription/plan', {
    token: alice.token,
    body: { organization_uuid: orgs[0]!.uuid, plan_type: 'unlimited' },
  });
  expect(change.status).toBe(200);
  await h.db
    .insertInto('support_tickets')
    .values({
      user_id: alice.id,
      subject: 'Question',
      description: 'Please help.',
      category: 'general',
    })
    .execute();
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
    expect(pagers).toHaveLength(23);
    expect(new Set(pagers)).toEqual(
      new Set(await valuesWhere(h.db, 'users', 'uuid', 'email', 'pager%')),
    );
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
    expect(Object.keys(item.owner)).toEqual(['uuid', 'email', 'name']);
    expect(Object.keys(item.organization)).toEqual(['uuid', 'name']);
    expect(Object.keys(item)).toEqual([
      'uuid',
      'name',
      'host',
      'status',
      'health',
      'last_health_check',
      'ssl_status',
      'custom_domain',
      'custom_domain_status',
      'created_at',
      'organization',
      'owner',
    ]);
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
    expect(await valuesWhere(h.db, 'activity_events', 'id', 'action', 'staff.viewed')).toHaveLength(
      1,
    );
  });
});
