import { describe, expect, it, vi } from 'vitest';
import { idleMemoryReducer, lowMemoryCollection } from '../src/idle-memory';

const MB = 1024 * 1024;
const QUIET_MS = 5000;

/** A reducer on a fake clock, memory and request counter; `collect` records its calls. */
function setup(overrides: { growthBytes?: number; minIntervalMs?: number } = {}) {
  const state = { requests: 0, inFlight: 0, rss: 300 * MB, now: 0, collections: 0 };
  const reducer = idleMemoryReducer({
    quietMs: QUIET_MS,
    requestCount: () => state.requests,
    inFlight: () => state.inFlight,
    rss: () => state.rss,
    now: () => state.now,
    collect: async () => {
      state.collections += 1;
      state.rss -= 60 * MB;
    },
    ...overrides,
  });
  /** Lets `ms` pass, checking every second as the server's timer does. */
  const pass = async (ms: number) => {
    for (let t = 0; t < ms; t += 1000) {
      state.now += 1000;
      await reducer.check();
    }
  };
  return { state, reducer, pass };
}

describe('idle memory reducer', () => {
  it('collects once no request came for quietMs, then waits for new growth', async () => {
    const { state, reducer, pass } = setup();
    try {
      state.requests = 500; // a busy spell, noticed at the next check (1 s)
      await pass(5000);
      expect(state.collections).toBe(0);
      await pass(1000); // 5 s since it was noticed
      expect(state.collections).toBe(1);
      expect(state.rss).toBe(240 * MB);

      await pass(120_000); // still quiet, but nothing grew since
      expect(state.collections).toBe(1);

      state.requests += 100;
      state.rss += 40 * MB;
      await pass(6000);
      expect(state.collections).toBe(2);
    } finally {
      reducer.stop();
    }
  });

  it('does not collect while requests keep arriving or one is in flight', async () => {
    const { state, reducer, pass } = setup();
    try {
      for (let i = 0; i < 30; i++) {
        state.requests += 1; // one request every 2 s: never 5 s of quiet
        await pass(2000);
      }
      expect(state.collections).toBe(0);
      state.inFlight = 1; // a long upload: no new request, but not quiet
      await pass(30_000);
      expect(state.collections).toBe(0);
      state.inFlight = 0;
      await pass(4000);
      expect(state.collections).toBe(0);
      await pass(1000);
      expect(state.collections).toBe(1);
    } finally {
      reducer.stop();
    }
  });

  it('keeps the least interval between two collections and needs the growth', async () => {
    const { state, reducer, pass } = setup({ minIntervalMs: 60_000, growthBytes: 32 * MB });
    try {
      await pass(5000);
      expect(state.collections).toBe(1);
      state.rss += 100 * MB;
      await pass(30_000);
      expect(state.collections).toBe(1);
      await pass(30_000);
      expect(state.collections).toBe(2);
      state.rss += 10 * MB; // less than the growth
      await pass(120_000);
      expect(state.collections).toBe(2);
    } finally {
      reducer.stop();
    }
  });

  it('checks once a second, however short the quiet time is set', () => {
    vi.useFakeTimers();
    let reads = 0;
    const reducer = idleMemoryReducer({
      quietMs: 1,
      requestCount: () => (reads += 1),
      inFlight: () => 0,
      rss: () => 0,
      collect: async () => undefined,
    });
    try {
      reads = 0;
      vi.advanceTimersByTime(5000);
      expect(reads).toBe(5);
    } finally {
      reducer.stop();
      vi.useRealTimers();
    }
  });

  it('stops checking, and says so once, when a collection fails', async () => {
    vi.useFakeTimers();
    const stopped: unknown[] = [];
    const reducer = idleMemoryReducer({
      quietMs: 1000,
      requestCount: () => 0,
      inFlight: () => 0,
      rss: () => 100 * MB,
      collect: () => Promise.reject(new Error('inspector not available')),
      onStopped: (error) => stopped.push(error),
    });
    try {
      await vi.advanceTimersByTimeAsync(10_000);
      expect(stopped).toHaveLength(1);
      expect(String(stopped[0])).toContain('inspector not available');
    } finally {
      reducer.stop();
      vi.useRealTimers();
    }
  });

  it('gives the heap back to the system: V8 low-memory collection through the inspector', async () => {
    let garbage: number[][] | null = Array.from({ length: 300 }, () =>
      Array.from({ length: 20_000 }, (_, i) => i + 0.5),
    );
    expect(garbage.length).toBe(300);
    garbage = null;
    const before = process.memoryUsage().heapUsed;
    await lowMemoryCollection();
    const after = process.memoryUsage().heapUsed;
    // 300 × 20,000 doubles is ~48 MB that nothing references any more.
    expect(before - after).toBeGreaterThan(30 * MB);
  });
});
