import { beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceStatus } from '@scmp/db';
import { giveActiveSubscription, testInvoiceRow } from '../src/testing/billing-fixtures';
import type { Json, TestHarness } from '../src/testing/harness';
import { organizationId } from '../src/testing/organization-rows';
import { NOW, useChartsWorld } from './insight-charts/fixtures';

/**
 * The billing chart (issue 23): GET /subscription/invoiced-monthly against invoices the test
 * writes on a fixed test clock, each month compared with a sum made here from those rows — with
 * rows exactly on the month edges, rows before the window and after "now", months without rows
 * (zeros), and another customer's organization (404).
 */
let h: TestHarness;
let me: Awaited<ReturnType<TestHarness['createUser']>>;
let other: Awaited<ReturnType<TestHarness['createUser']>>;
useChartsWorld((w) => ({ h, me, other } = w));

/** The chart of `orgUuid` and its billing history, as `token` reads them. */
const invoiced = (orgUuid: string, token: string) =>
  h.rest('GET', `/subscription/invoiced-monthly?organization_uuid=${orgUuid}`, { token });
const billingHistory = (orgUuid: string, token: string) =>
  h.rest('GET', `/subscription/billing-history?organization_uuid=${orgUuid}`, { token });

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
    const res = await invoiced(orgUuid, me.token);
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
    const res = await invoiced(otherOrgUuid, me.token);
    const history = await billingHistory(otherOrgUuid, me.token);
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
      const res = await invoiced(orgUuid, colleague.token);
      const history = await billingHistory(orgUuid, colleague.token);
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
    const res = await invoiced(orgUuid, me.token);
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
