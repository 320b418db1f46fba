import { afterAll, beforeAll } from 'vitest';
import type { ActivityType } from '@scmp/db';
import { createHarness, type TestHarness } from '../../src/testing/harness';

/**
 * The world of the chart tests (issue 23): one in-process server on a fixed test clock (NOW) and
 * two users without activity of their own yet, handed to `keep`; the tests write the rows and
 * compare each figure with a count or sum made from them.
 */
export const NOW = new Date('2026-11-15T10:30:00.000Z');
export const DAY = 86_400_000;
export const TYPES: ActivityType[] = ['login', 'security', 'profile', 'organization', 'settings'];
type User = Awaited<ReturnType<TestHarness['createUser']>>;

export function useChartsWorld(keep: (w: { h: TestHarness; me: User; other: User }) => unknown) {
  let h: TestHarness;
  beforeAll(async () => {
    h = await createHarness();
    h.clock.set(NOW);
    const me = await h.createUser();
    const other = await h.createUser();
    await h.db.deleteFrom('activity_events').where('user_id', 'in', [me.id, other.id]).execute();
    keep({ h, me, other });
  });
  afterAll(() => h?.close());
}
