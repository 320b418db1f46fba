import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDatabase } from '@scmp/db/testing';
import { createTestClock, type TestClock } from '../clock';
import { createMemoryRateLimiter } from './memory-rate-limiter';
import { createDbRateLimiter, type RateLimiter } from './rate-limiter';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDb();
});
afterAll(() => database.close());

const kinds: Array<[string, (clock: TestClock) => RateLimiter]> = [
  ['database', (clock) => createDbRateLimiter(database.db, clock)],
  ['memory', (clock) => createMemoryRateLimiter(clock)],
];

// Both stores keep the same fixed windows: the embedded database uses the memory one, PostgreSQL
// the table, and a user must not be able to tell which.
describe.each(kinds)('%s rate limiter', (kind, make) => {
  /** A store of this kind with no windows yet (the database one is shared by the tests), on its own clock. */
  async function emptyLimiter(start?: string) {
    const clock = createTestClock(start);
    const limiter = make(clock);
    await limiter.resetAll();
    return { clock, limiter };
  }

  it('counts a fixed window, answers Retry-After from its end and starts afresh after it', async () => {
    const { clock, limiter } = await emptyLimiter('2026-11-22T09:00:00Z');
    const key = `window:${kind}`;
    for (let i = 1; i <= 3; i++) {
      expect(await limiter.hit(key, 3, 60)).toEqual({
        allowed: true,
        count: i,
        retryAfterSeconds: 60,
      });
    }
    clock.advance(20_500);
    expect(await limiter.hit(key, 3, 60)).toEqual({
      allowed: false,
      count: 4,
      retryAfterSeconds: 40,
    });
    // Another key has its own window.
    expect((await limiter.hit(`${key}:other`, 3, 60)).count).toBe(1);
    clock.advance(39_500);
    expect(await limiter.hit(key, 3, 60)).toEqual({
      allowed: true,
      count: 1,
      retryAfterSeconds: 60,
    });
  });

  it('forgets one key on reset and every key on resetAll', async () => {
    const { limiter } = await emptyLimiter();
    await limiter.hit('a', 1, 60);
    await limiter.hit('b', 1, 60);
    await limiter.reset('a');
    expect((await limiter.hit('a', 1, 60)).allowed).toBe(true);
    expect((await limiter.hit('b', 1, 60)).allowed).toBe(false);
    await limiter.resetAll();
    expect((await limiter.hit('b', 1, 60)).allowed).toBe(true);
  });

  it('sweeps ended windows and keeps running ones', async () => {
    const { clock, limiter } = await emptyLimiter();
    await limiter.hit('short', 5, 60);
    await limiter.hit('long', 5, 3600);
    await limiter.hit('long', 5, 3600);
    clock.advance(61_000);
    await limiter.sweepExpired();
    if (kind === 'database') {
      const rows = await database.db.selectFrom('rate_limits').select('key').execute();
      expect(rows.map((r) => r.key)).toEqual(['long']);
    }
    expect((await limiter.hit('long', 5, 3600)).count).toBe(3);
    expect((await limiter.hit('short', 5, 60)).count).toBe(1);
  });
});

describe('memory rate limiter bounds', () => {
  it('drops the oldest tenth of the windows when full of live ones, never the newest', async () => {
    const clock = createTestClock();
    const limiter = createMemoryRateLimiter(clock, { maxKeys: 100 });
    for (let i = 0; i < 100; i++) await limiter.hit(`k${i}`, 1, 60);
    // Full: the next new key makes room by dropping k0…k9; k10 onwards are still counted.
    await limiter.hit('newest', 1, 60);
    expect((await limiter.hit('k0', 1, 60)).count).toBe(1);
    expect((await limiter.hit('k50', 1, 60)).count).toBe(2);
    expect((await limiter.hit('newest', 1, 60)).count).toBe(2);
  });

  it('sweeps ended windows before dropping live ones', async () => {
    const clock = createTestClock();
    const limiter = createMemoryRateLimiter(clock, { maxKeys: 100 });
    for (let i = 0; i < 60; i++) await limiter.hit(`old${i}`, 1, 10);
    clock.advance(11_000);
    for (let i = 0; i < 40; i++) await limiter.hit(`live${i}`, 1, 60);
    // 100 windows, 60 of them ended: making room sweeps those and drops no live one.
    await limiter.hit('one-more', 1, 60);
    for (let i = 0; i < 40; i++) expect((await limiter.hit(`live${i}`, 1, 60)).count).toBe(2);
  });
});
