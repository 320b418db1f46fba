import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityType } from '@scmp/db';
import type { Json, TestHarness } from '../src/testing/harness';
import { DAY, NOW, TYPES, useChartsWorld } from './insight-charts/fixtures';

/**
 * The activity chart (issue 23): GET /activity/daily against events the test writes on a fixed
 * test clock, each day compared with a count made here from those rows — with rows exactly on the
 * day edges, rows before the window and after "now", days without rows (zeros), and another
 * user's rows.
 */
let h: TestHarness;
let me: Awaited<ReturnType<TestHarness['createUser']>>;
let other: Awaited<ReturnType<TestHarness['createUser']>>;
useChartsWorld((w) => ({ h, me, other } = w));

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
