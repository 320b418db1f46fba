import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneHealthChecks } from '@scmp/api';
import { deployedInstance } from '../src/testing/billing-fixtures';
import { createHarness, type Json, type TestHarness } from '../src/testing/harness';

/**
 * Health history (issue 23): GET /instances/{uuid}/health against checks written in the test on
 * the test clock. Each figure is compared with a count made here from the rows the test wrote:
 * uptime per period (with an incident across the 24-hour edge), the incidents as runs of failed
 * checks (one still going on), the chart's points, and pruning after 90 days.
 */
let h: TestHarness;
let owner: Awaited<ReturnType<TestHarness['createUser']>>;
let stranger: Awaited<ReturnType<TestHarness['createUser']>>;
let inst: Json;
let instanceId: number;
const MIN = 60 * 1000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type Check = { at: Date; healthy: boolean };
const written: Check[] = [];

beforeAll(async () => {
  h = await createHarness();
  owner = await h.createUser();
  stranger = await h.createUser();
  inst = await deployedInstance(h, owner.token, { name: 'Health School', subdomain: 'health' });
  instanceId = (
    await h.db
      .selectFrom('instances')
      .select('id')
      .where('uuid', '=', inst.uuid)
      .executeTakeFirstOrThrow()
  ).id;

  // 31 days of checks every 30 minutes: healthy except three incidents —
  // 10 days ago for 2 hours, across the 24-hour edge (from 25 h ago to 23 h ago), and one that
  // began 1 hour ago and is still going on.
  const now = h.clock.now().getTime();
  const failing = (t: number) =>
    (t >= now - 10 * DAY && t < now - 10 * DAY + 2 * HOUR) ||
    (t >= now - 25 * HOUR && t < now - 23 * HOUR) ||
    t >= now - HOUR;
  const rows = [];
  for (let t = now - 31 * DAY; t <= now; t += 30 * MIN) {
    const check = { at: new Date(t), healthy: !failing(t) };
    written.push(check);
    rows.push({
      instance_id: instanceId,
      checked_at: check.at,
      healthy: check.healthy,
      status_code: check.healthy ? 200 : 503,
      response_ms: check.healthy ? 40 + (t % 7) : 5000,
      detail: check.healthy ? null : 'HTTP 503',
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await h.db
      .insertInto('instance_health_checks')
      .values(rows.slice(i, i + 500))
      .execute();
});
afterAll(() => h?.close());

/** Uptime counted here from the rows the test wrote. */
function expected(ms: number) {
  const from = h.clock.now().getTime() - ms;
  const inPeriod = written.filter((c) => c.at.getTime() > from);
  const up = inPeriod.filter((c) => c.healthy).length;
  return {
    uptime: Math.round((up / inPeriod.length) * 10000) / 100,
    checks: inPeriod.length,
    failed: inPeriod.length - up,
  };
}

describe('GET /instances/{uuid}/health', () => {
  it('gives uptime per period as counted from the checks', async () => {
    const res = await h.rest('GET', `/instances/${inst.uuid}/health`, { token: owner.token });
    expect(res.status, res.text).toBe(200);
    const { uptime } = res.body.data;
    expect(uptime['24h']).toEqual(expected(DAY));
    expect(uptime['7d']).toEqual(expected(7 * DAY));
    expect(uptime['30d']).toEqual(expected(30 * DAY));
    // The 24-hour window (after now − 24 h) holds one failed check of the edge incident (23.5 h
    // ago) and the current incident's three (1 h, 30 min ago and now).
    expect(uptime['24h'].failed).toBe(1 + 3);
  });

  it('lists incidents as runs of failed checks, newest first, with start, end and duration', async () => {
    const { incidents } = (
      await h.rest('GET', `/instances/${inst.uuid}/health`, { token: owner.token })
    ).body.data;
    const now = h.clock.now().getTime();
    expect(incidents).toHaveLength(3);
    const [current, edge, older] = incidents;
    expect(current).toMatchObject({
      started_at: new Date(now - HOUR).toISOString(),
      ended_at: null,
      duration_seconds: 3600,
      failed_checks: 3,
    });
    expect(edge).toMatchObject({
      started_at: new Date(now - 25 * HOUR).toISOString(),
      ended_at: new Date(now - 23 * HOUR).toISOString(),
      duration_seconds: 2 * 3600,
      failed_checks: 4,
    });
    expect(older).toMatchObject({
      started_at: new Date(now - 10 * DAY).toISOString(),
      ended_at: new Date(now - 10 * DAY + 2 * HOUR).toISOString(),
      failed_checks: 4,
    });
  });

  it('returns the last 24 hours of checks, oldest first, for the chart', async () => {
    const { checks } = (
      await h.rest('GET', `/instances/${inst.uuid}/health`, { token: owner.token })
    ).body.data;
    const from = h.clock.now().getTime() - DAY;
    const mine = written.filter((c) => c.at.getTime() > from);
    expect(checks).toHaveLength(mine.length);
    expect(checks[0].checked_at).toBe(mine[0]!.at.toISOString());
    expect(checks.at(-1)).toMatchObject({ healthy: false, status_code: 503, response_ms: 5000 });
  });

  it('answers 404 to someone outside the organization', async () => {
    const res = await h.rest('GET', `/instances/${inst.uuid}/health`, { token: stranger.token });
    expect(res.status).toBe(404);
  });

  it('an instance with no checks yet has null uptime and no incidents', async () => {
    await h.db.deleteFrom('instance_health_checks').where('instance_id', '=', instanceId).execute();
    const { data } = (await h.rest('GET', `/instances/${inst.uuid}/health`, { token: owner.token }))
      .body;
    expect(data.uptime['24h']).toEqual({ uptime: null, checks: 0, failed: 0 });
    expect(data.incidents).toEqual([]);
    expect(data.checks).toEqual([]);
  });
});

describe('retention', () => {
  it('prunes checks older than 90 days and keeps the rest', async () => {
    const now = h.clock.now().getTime();
    await h.db
      .insertInto('instance_health_checks')
      .values(
        [91, 89].map((days) => ({
          instance_id: instanceId,
          checked_at: new Date(now - days * DAY),
          healthy: true,
          status_code: 200,
          response_ms: 10,
          detail: null,
        })),
      )
      .execute();
    expect(await pruneHealthChecks(h.deps)).toBe(1);
    const left = await h.db
      .selectFrom('instance_health_checks')
      .select('checked_at')
      .where('instance_id', '=', instanceId)
      .execute();
    expect(left.map((r) => Math.round((now - r.checked_at.getTime()) / DAY))).toEqual([89]);
  });
});

describe('per-day counts (what the uptime bars read)', () => {
  /** The checks of the instance counted per UTC day, here, from the rows themselves. */
  async function countedFromChecks() {
    const rows = await h.db
      .selectFrom('instance_health_checks')
      .select(['checked_at', 'healthy'])
      .where('instance_id', '=', instanceId)
      .execute();
    const byDay = new Map<string, { checks: number; healthy: number }>();
    for (const r of rows) {
      const day = r.checked_at.toISOString().slice(0, 10);
      const d = byDay.get(day) ?? { checks: 0, healthy: 0 };
      d.checks += 1;
      if (r.healthy) d.healthy += 1;
      byDay.set(day, d);
    }
    return Object.fromEntries([...byDay].sort(([a], [b]) => a.localeCompare(b)));
  }
  async function kept() {
    const rows = await h.db
      .selectFrom('instance_health_days')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'checks', 'healthy'])
      .where('instance_id', '=', instanceId)
      .orderBy('day')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.day, { checks: r.checks, healthy: r.healthy }]));
  }

  it('stay equal to the checks through single and bulk inserts, deletes and the prune', async () => {
    expect(await kept()).toEqual(await countedFromChecks());
    const midnight = Math.floor(h.clock.now().getTime() / DAY) * DAY;
    // A bulk insert across a UTC midnight (1 ms before and at the edge), then a single one.
    await h.db
      .insertInto('instance_health_checks')
      .values(
        [-5 * DAY - 1, -5 * DAY, -5 * DAY + 1, -3 * DAY].map((offset, k) => ({
          instance_id: instanceId,
          checked_at: new Date(midnight + offset),
          healthy: k % 2 === 0,
          status_code: k % 2 === 0 ? 200 : 503,
          response_ms: 20,
          detail: null,
        })),
      )
      .execute();
    expect(await kept()).toEqual(await countedFromChecks());
    await h.db
      .deleteFrom('instance_health_checks')
      .where('instance_id', '=', instanceId)
      .where('checked_at', '>=', new Date(midnight - 5 * DAY))
      .where('checked_at', '<', new Date(midnight - 5 * DAY + 2))
      .execute();
    expect(await kept()).toEqual(await countedFromChecks());
    await h.db
      .insertInto('instance_health_checks')
      .values({
        instance_id: instanceId,
        checked_at: new Date(h.clock.now().getTime() - 95 * DAY),
        healthy: true,
        status_code: 200,
        response_ms: 10,
        detail: null,
      })
      .execute();
    await pruneHealthChecks(h.deps);
    expect(await kept()).toEqual(await countedFromChecks());
  });
});
