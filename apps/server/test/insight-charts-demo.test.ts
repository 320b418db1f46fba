import { describe, expect, it } from 'vitest';
import { removeDemoData } from '../src/seed/demo-removal';
import { withDemoData } from '../src/testing/demo-world';
import type { Json } from '../src/testing/harness';

/** The demo data (`npm run seed`) gives both charts of the dashboard something to draw, and removal takes it away. */
describe('demo data', () => {
  it('gives both charts a year of invoices and 90 days of activity, and removal takes them away', async () => {
    await withDemoData(async (fresh, signIn) => {
      const token = await signIn('demo@scmp.test');
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
      expect(removal).toMatchObject({
        organizations: 4,
        instances: 1,
        tickets: 2,
        subscriptions: 3,
      });
      expect(removal.activityEvents).toBeGreaterThan(60);
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
    });
  });
});
