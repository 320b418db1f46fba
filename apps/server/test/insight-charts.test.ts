import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityType, InvoiceStatus } from '@scmp/db';
import { giveActiveSubscription, testInvoiceRow } from '../src/testing/billing-fixtures';
import { removeDemoData } from '../src/seed/demo-removal';
import { seedDemoData } from '../src/seed';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';
import { organizationId } from '../src/testing/organization-rows';

/**
 * The activity and billing charts (issue 23): GET /activity/daily and
 * GET /subscription/invoiced-monthly against rows the test writes on a fixed test clock, each
 * figure compared with a count or sum made here from those rows — with rows exactly on the day
 * and month edges, rows before the window and after "now", days and months without rows (zeros),
 * another user's rows, and another customer's organization (404).
 */
const NOW = new Date('2026-11-15T10:30:00.000Z');
const DAY = 86_400_000;
const TYPES: ActivityType[] = ['login', 'security', 'profile', 'organization', 'settings'];

let h: TestHarness;
let me: Awaited<ReturnType<TestHarness['createUser']>>;
let other: Awaited<ReturnType<TestHarness['createUser']>>;

type Event = { user: number; at: Date; type: ActivityType };
const events: Event[] = [];

/** Day and type of each event of `user` inside the last `days` UTC days, counted here. */
function expectedDaily(user: number, days: number, type: ActivityType | 'all') {
  const first = Math.floor(NOW.getTime() / DAY) * DAY - (days - 1) * DAY;
  const counts = new Map<string, Record<ActivityType, number>>();
  for (let d = 0; d < days; d += 1) {
    const date = new Date(first + d * DAY).toISOString().slice(0, 10);
    counts.set(date, { login: 0, security: 0, profile: 0, organization: 0, settings: 0 });
  }
  for (const e of events) {
    const t = e.at.getTime();
    if (e.user !== user || t < first || t > NOW.getTime()) continue;
    if (type !== 'all' && e.type !== type) continue;
    counts.get(e.at.toISOString().slice(0, 10))![e.type] += 1;
  }
  return [...counts].map(([date, by_type]) => ({
    date,
    total: TYPES.reduce((s, t) => s + by_type[t], 0),
    by_type,
  }));
}

async function writeEvents(rows: Event[]) {
  events.push(...rows);
  await h.db
    .insertInto('activity_events')
    .values(
      rows.map((e, i) => ({
        user_id: e.user,
        type: e.type,
        action: `${e.type}.test`,
        description: `Test event ${i}`,
        severity: 'info' as const,
        ip_address: null,
        device: null,
        location: null,
        created_at: e.at,
      })),
    )
    .execute();
}

beforeAll(async () => {
  h = await createHarness();
  h.clock.set(NOW);
  me = await h.createUser();
  other = await h.createUser();
  await h.db.deleteFrom('activity_events').where('user_id', 'in', [me.id, other.id]).execute();
});
afterAll(() => h?.close());

describe('GET /activity/daily', () => {
  beforeAll(async () => {
    const today = Math.floor(NOW.getTime() / DAY) * DAY;
    const rows: Event[] = [];
    // Edges: the first instant of the 7-, 30- and 90-day windows and the instant before each,
    // midnight today and the instant before, "now" and a minute after it.
    for (const days of [7, 30, 90]) {
      const first = today - (days - 1) * DAY;
      rows.push({ user: me.id, at: new Date(first), type: 'security' });
      rows.push({ user: me.id, at: new Date(first - 1), type: 'security' });
    }
    rows.push({ user: me.id, at: new Date(today), type: 'profile' });
    rows.push({ user: me.id, at: new Date(today - 1), type: 'profile' });
    rows.push({ user: me.id, at: NOW, type: 'login' });
    rows.push({ user: me.id, at: new Date(NOW.getTime() + 60_000), type: 'login' });
    // A spread over 120 days, skipping every fifth day (those stay zero), varied types.
    for (let d = 0; d < 120; d += 1) {
      if (d % 5 === 3) continue;
      for (let k = 0; k < (d % 4) + 1; k += 1) {
        rows.push({
          user: me.id,
          at: new Date(today - d * DAY + (k * 5 + 1) * 3_600_000 * 0.9),
          type: TYPES[(d + k) % TYPES.length]!,
        });
      }
    }
    // Another user on the same days: never counted for me.
    for (let d = 0; d < 40; d += 1)
      rows.push({ user: other.id, at: new Date(today - d * DAY + 3_600_000), type: 'login' });
    await writeEvents(rows);
  });

  for (const days of [7, 30, 90, 365]) {
    it(`counts each type per UTC day over ${days} days, zeros included`, async () => {
      const res = await h.rest('GET', `/activity/daily?days=${days}`, { token: me.token });
      expect(res.status).toBe(200);
      const expected = expectedDaily(me.id, days, 'all');
      expect(res.body.data.series).toEqual(expected);
      expect(res.body.data.series).toHaveLength(days);
      expect(res.body.data.series.at(-1).date).toBe('2026-11-15');
      expect(expected.some((d) => d.total === 0)).toBe(true);
    });
  }

  it('follows the type filter', async () => {
    for (const type of ['login', 'security', 'organization'] as const) {
      const res = await h.rest('GET', `/activity/daily?days=30&type=${type}`, { token: me.token });
      expect(res.status).toBe(200);
      expect(res.body.data.type).toBe(type);
      expect(res.body.data.series).toEqual(expectedDaily(me.id, 30, type));
    }
  });

  it("counts only the caller's events", async () => {
    const res = await h.rest('GET', '/activity/daily?days=90', { token: other.token });
    expect(res.body.data.series).toEqual(expectedDaily(other.id, 90, 'all'));
    const total = res.body.data.series.reduce((s: number, d: Json) => s + d.total, 0);
    expect(total).toBe(events.filter((e) => e.user === other.id).length);
  });

  it('refuses a period or type the list does not offer, and anonymous callers', async () => {
    expect((await h.rest('GET', '/activity/daily?days=14', { token: me.token })).status).toBe(422);
    expect((await h.rest('GET', '/activity/daily?type=x', { token: me.token })).status).toBe(422);
    expect((await h.rest('GET', '/activity/daily')).status).toBe(401);
  });

  it('answers through tRPC with the same figures', async () => {
    const res = await h.trpc('query', 'profile.activityDaily', { days: 7 }, { token: me.token });
    expect(res.status).toBe(200);
    expect(res.text).toContain('"series"');
    const body = JSON.parse(res.text) as Json;
    const data = (Array.isArray(body) ? body[0] : body).result.data;
    expect((data.json ?? data).data.series).toEqual(expectedDaily(me.id, 7, 'all'));
  });
});

describe('GET /subscription/invoiced-monthly', () => {
  type Invoice = { org: number; at: Date; status: InvoiceStatus; pence: number };
  const invoices: Invoice[] = [];
  let orgUuid: string;
  let orgId: number;
  let otherOrgUuid: string;
  let sub: Json;

  function expectedMonths(org: number) {
    const months: string[] = [];
    for (let m = 11; m >= 0; m -= 1)
      months.push(
        new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - m, 1))
          .toISOString()
          .slice(0, 7),
      );
    const first = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - 11, 1);
    return months.map((month) => {
      const rows = invoices.filter(
        (i) =>
          i.org === org &&
          i.at.getTime() >= first &&
          i.at.getTime() <= NOW.getTime() &&
          i.at.toISOString().slice(0, 7) === month,
      );
      const sum = (s: InvoiceStatus) =>
        rows.filter((r) => r.status === s).reduce((t, r) => t + r.pence, 0);
      return {
        month,
        paid_pence: sum('paid'),
        pending_pence: sum('pending'),
        failed_pence: sum('failed'),
        total_pence: rows.reduce((t, r) => t + r.pence, 0),
        invoices: rows.length,
      };
    });
  }

  async function setUp(user: typeof me, name: string, subdomain: string) {
    const org = await h.rest('POST', '/organizations', {
      token: user.token,
      body: { name, type: 'school', subdomain },
    });
    const subscription = await giveActiveSubscription(
      h,
      user.token,
      org.body.data.uuid,
      'basic',
      2,
    );
    const row = { id: await organizationId(h.db, org.body.data.uuid) };
    // Only the invoices written below are counted: drop the one the subscription raised.
    await h.db.deleteFrom('invoices').where('organization_id', '=', row.id).execute();
    const subRow = await h.db
      .selectFrom('subscriptions')
      .select('id')
      .where('organization_id', '=', row.id)
      .executeTakeFirstOrThrow();
    return { uuid: org.body.data.uuid as string, id: row.id, subId: subRow.id, subscription };
  }

  async function writeInvoices(subId: number, rows: Invoice[]) {
    invoices.push(...rows);
    await h.db
      .insertInto('invoices')
      .values(
        rows.map((r, i) =>
          testInvoiceRow({
            number: `TEST-${subId}-${invoices.length}-${i}`,
            subscription_id: subId,
            organization_id: r.org,
            description: 'Test invoice',
            status: r.status,
            total_pence: r.pence,
            paid_at: null,
            created_at: r.at,
          }),
        ),
      )
      .execute();
  }

  beforeAll(async () => {
    const mine = await setUp(me, 'Chart School', 'chart-school');
    orgUuid = mine.uuid;
    orgId = mine.id;
    sub = mine.subscription;
    const theirs = await setUp(other, 'Other School', 'other-chart-school');
    otherOrgUuid = theirs.uuid;
    const at = (iso: string) => new Date(iso);
    const rows: Invoice[] = [
      // Month edges: the first instant of the window and the one before it, the turn of October
      // to November, "now" and after it.
      { org: orgId, at: at('2025-12-01T00:00:00.000Z'), status: 'paid', pence: 32_000 },
      { org: orgId, at: at('2025-11-30T23:59:59.999Z'), status: 'paid', pence: 99_900 },
      { org: orgId, at: at('2026-10-31T23:59:59.999Z'), status: 'paid', pence: 32_000 },
      { org: orgId, at: at('2026-11-01T00:00:00.000Z'), status: 'failed', pence: 32_000 },
      { org: orgId, at: NOW, status: 'paid', pence: 32_000 },
      { org: orgId, at: new Date(NOW.getTime() + 60_000), status: 'paid', pence: 77_700 },
      { org: orgId, at: at('2026-06-10T12:00:00.000Z'), status: 'pending', pence: 4_500 },
      { org: orgId, at: at('2026-06-20T12:00:00.000Z'), status: 'paid', pence: 28_000 },
    ];
    // A monthly renewal on the 3rd for most months; March and April stay empty.
    for (const month of ['2026-01', '2026-02', '2026-05', '2026-07', '2026-08', '2026-09'])
      rows.push({ org: orgId, at: at(`${month}-03T08:00:00.000Z`), status: 'paid', pence: 32_000 });
    await writeInvoices(mine.subId, rows);
    // Another customer's invoices in the same months: never counted for mine.
    await writeInvoices(
      theirs.subId,
      ['2026-01', '2026-06', '2026-11'].map((m) => ({
        org: theirs.id,
        at: at(`${m}-05T09:00:00.000Z`),
        status: 'paid' as const,
        pence: 50_000,
      })),
    );
  });

  it('sums each month of the last 12 by status, zeros included, with the upcoming invoice', async () => {
    const res = await h.rest('GET', `/subscription/invoiced-monthly?organization_uuid=${orgUuid}`, {
      token: me.token,
    });
    expect(res.status).toBe(200);
    const expected = expectedMonths(orgId);
    expect(res.body.data.months).toEqual(expected);
    expect(expected.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(expected.find((m) => m.month === '2026-03')!.total_pence).toBe(0);
    // Basic plan with two extra venues, no credit: the price the subscription shows.
    expect(res.body.data.upcoming).toEqual({
      date: sub.current_period_end,
      description: 'Basic plan renewal',
      amount: sub.price_monthly,
      amount_pence: sub.price_monthly_pence,
      credit_pence: 0,
    });
  });

  it("answers 404 for another customer's organization, as billing history does", async () => {
    const res = await h.rest(
      'GET',
      `/subscription/invoiced-monthly?organization_uuid=${otherOrgUuid}`,
      { token: me.token },
    );
    const history = await h.rest(
      'GET',
      `/subscription/billing-history?organization_uuid=${otherOrgUuid}`,
      { token: me.token },
    );
    expect(res.status).toBe(404);
    expect(history.status).toBe(404);
    expect(res.body.message).toBe(history.body.message);
  });

  it('answers members as billing history does: an admin sees it, a plain member gets 403', async () => {
    for (const role of ['admin', 'member'] as const) {
      const colleague = await h.createUser();
      await h.db
        .insertInto('organization_members')
        .values({ organization_id: orgId, user_id: colleague.id, role, joined_at: NOW })
        .execute();
      const res = await h.rest(
        'GET',
        `/subscription/invoiced-monthly?organization_uuid=${orgUuid}`,
        { token: colleague.token },
      );
      const history = await h.rest(
        'GET',
        `/subscription/billing-history?organization_uuid=${orgUuid}`,
        { token: colleague.token },
      );
      expect(res.status).toBe(history.status);
      expect(res.status).toBe(role === 'admin' ? 200 : 403);
      if (role === 'admin') expect(res.body.data.months).toEqual(expectedMonths(orgId));
    }
  });

  it('has no upcoming invoice once the subscription is cancelled', async () => {
    await h.db
      .updateTable('subscriptions')
      .set({ status: 'cancelled' })
      .where('organization_id', '=', orgId)
      .execute();
    const res = await h.rest('GET', `/subscription/invoiced-monthly?organization_uuid=${orgUuid}`, {
      token: me.token,
    });
    expect(res.body.data.upcoming).toBeNull();
    expect(res.body.data.months).toEqual(expectedMonths(orgId));
  });

  it('refuses a malformed organization uuid', async () => {
    const res = await h.rest('GET', '/subscription/invoiced-monthly?organization_uuid=nope', {
      token: me.token,
    });
    expect([400, 404]).toContain(res.status);
  });
});

describe('demo data', () => {
  it('gives both charts a year of invoices and 90 days of activity, and removal takes them away', async () => {
    const fresh = await createHarness();
    try {
      expect(await seedDemoData(fresh.deps)).toBe(true);
      const login = await fresh.rest('POST', '/auth/login', {
        body: { email: 'demo@scmp.test', password: 'DemoPass!2026' },
      });
      const token = login.body.data.token as string;
      const orgs = await fresh.rest('GET', '/organizations', { token });
      const school = orgs.body.data.find((o: Json) => o.name === 'Oakfield Primary School');
      const invoiced = await fresh.rest(
        'GET',
        `/subscription/invoiced-monthly?organization_uuid=${school.uuid}`,
        { token },
      );
      expect(invoiced.status).toBe(200);
      const months = invoiced.body.data.months as Json[];
      // One invoice a period for twelve periods: at least eleven of the twelve months have one.
      expect(months.filter((m) => m.invoices > 0).length).toBeGreaterThanOrEqual(11);
      expect(months.every((m) => m.failed_pence === 0 && m.pending_pence === 0)).toBe(true);
      const history = await fresh.rest(
        'GET',
        `/subscription/billing-history?organization_uuid=${school.uuid}`,
        { token },
      );
      expect(history.body.data).toHaveLength(12);
      const inWindow = (history.body.data as Json[]).filter((i) =>
        months.some((m) => m.month === String(i.created_at).slice(0, 7)),
      );
      expect(months.reduce((s, m) => s + m.total_pence, 0)).toBe(
        inWindow.reduce((s, i) => s + i.amount_pence, 0),
      );
      expect(invoiced.body.data.upcoming.amount_pence).toBe(20_000);

      const daily = await fresh.rest('GET', '/activity/daily?days=90', { token });
      const series = daily.body.data.series as Json[];
      expect(series.filter((d) => d.total > 0).length).toBeGreaterThan(60);
      const types = new Set(
        series.flatMap((d) => Object.keys(d.by_type).filter((t) => d.by_type[t] > 0)),
      );
      expect(types.size).toBe(5);

      const removal = await removeDemoData(fresh.deps);
      expect(removal.invoices).toBeGreaterThanOrEqual(12);
      const left = await fresh.db
        .selectFrom('activity_events')
        .innerJoin('users', 'users.id', 'activity_events.user_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('users.email', '=', 'demo@scmp.test')
        .executeTakeFirstOrThrow();
      expect(Number(left.n)).toBe(0);
      const invoicesLeft = await fresh.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('number', 'like', '%-DEMO%')
        .executeTakeFirstOrThrow();
      expect(Number(invoicesLeft.n)).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});
