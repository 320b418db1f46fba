import { beforeAll, describe, expect, it } from 'vitest';
import type { Json, TestHarness } from '../src/testing/harness';
import { DAY, useDashboardWorld, type DashboardWorld } from './dashboard/fixtures';

/**
 * GET /instances/uptime (issue 23): the share of healthy checks per day, checked against checks
 * inserted on the test clock around the day edges; another customer's instances are never shown.
 */
let h: TestHarness;
let owner: DashboardWorld['owner'];
let stranger: DashboardWorld['owner'];
let orgs: DashboardWorld['orgs'];
let instances: DashboardWorld['instances'];
useDashboardWorld((w) => ({ h, owner, stranger, orgs, instances } = w));

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
