import type { Clock } from '../clock';
import type { RateLimiter } from './rate-limiter';

/** Counters kept before the oldest windows are dropped (see `makeRoom`): ~20 MB at most. */
const MAX_KEYS = 100_000;
/** The smallest map that is swept for expired windows. */
const MIN_SWEEP_SIZE = 1_024;

type Window = { count: number; resetAt: number };

/**
 * The same fixed windows as the database limiter, in this process's memory. Used on the embedded
 * database (PGlite), which one process owns by construction, so there is nobody to share
 * counters with: a sign-in then spends no statements on its throttle (it spent two: the upsert
 * and the reset). Counters start afresh when the process restarts.
 *
 * Memory stays bounded: expired windows are swept whenever the map has doubled since the last
 * sweep, and at MAX_KEYS live windows the oldest tenth is dropped. Each key's window is
 * re-inserted when it starts, so the map's order is the order the windows began in.
 */
export function createMemoryRateLimiter(
  clock: Clock,
  options: { maxKeys?: number } = {},
): RateLimiter {
  const maxKeys = options.maxKeys ?? MAX_KEYS;
  const windows = new Map<string, Window>();
  const firstSweepAt = Math.min(maxKeys, MIN_SWEEP_SIZE);
  let sweepAt = firstSweepAt;

  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };

  // Amortised: a sweep walks the map, and the next one waits until it has doubled (or, when full
  // of live windows, until a tenth of it is new), so each hit pays O(1) on average.
  const makeRoom = (now: number) => {
    if (windows.size < sweepAt) return;
    sweep(now);
    const lowWater = Math.floor(maxKeys * 0.9);
    for (const key of windows.keys()) {
      if (windows.size <= lowWater) break;
      windows.delete(key);
    }
    sweepAt = Math.min(maxKeys, Math.max(MIN_SWEEP_SIZE, windows.size * 2));
  };

  return {
    async hit(key, limit, windowSeconds) {
      const now = clock.now().getTime();
      let window = windows.get(key);
      if (window && window.resetAt > now) {
        window.count += 1;
      } else {
        if (window) windows.delete(key);
        else makeRoom(now);
        window = { count: 1, resetAt: now + windowSeconds * 1000 };
        windows.set(key, window);
      }
      const retryAfterSeconds = Math.max(1, Math.ceil((window.resetAt - now) / 1000));
      return { allowed: window.count <= limit, count: window.count, retryAfterSeconds };
    },
    async reset(key) {
      windows.delete(key);
    },
    async resetAll() {
      windows.clear();
      sweepAt = firstSweepAt;
    },
    async sweepExpired() {
      sweep(clock.now().getTime());
    },
  };
}
