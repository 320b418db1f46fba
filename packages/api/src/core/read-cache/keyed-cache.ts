import { ALL_KEYS, type EventBus, type EventChannel } from '../events/events';

/**
 * A read-through cache of database reads, kept correct by invalidation rather than by its TTL:
 * - every entry belongs to a group (e.g. a user id); an event on `channel` naming the group
 *   forgets all its entries, ALL_KEYS forgets everything. Database triggers send these events on
 *   commit from whichever process (or psql session) made the change;
 * - the process's own writes forget at once too (writes-plugin.ts), so its next request never
 *   waits for the NOTIFY;
 * - entries are served only while the event bus listens (`events.connected()`); after a
 *   reconnect the bus delivers ALL_KEYS;
 * - `epoch` guards against storing a read that raced a change: take it before reading and hand
 *   it to `set`, which drops the value if anything was forgotten in between.
 * The TTL only bounds how long an entry lives without being read again from the database, and
 * `maxEntries` how much memory the cache may hold (the oldest entry goes first).
 * Values are shared between concurrent requests: treat them as read-only.
 */
export type KeyedCache<V> = {
  get: (key: string) => V | undefined;
  /** Take this before reading from the database, and hand it to `set`. */
  epoch: () => number;
  /** Stores what was read, unless something was forgotten since `epoch` was taken. */
  set: (key: string, value: V, group: string, epoch: number) => void;
  /** Forgets every entry of this group (or all with ALL_KEYS). */
  forget: (group: string) => void;
  size: () => number;
};

export type KeyedCacheOptions = { now?: () => number; ttlMs: number; maxEntries: number };

type Stored<V> = { value: V; group: string; storedAt: number };

export function createKeyedCache<V>(
  events: Pick<EventBus, 'connected' | 'subscribe'>,
  channel: EventChannel,
  options: KeyedCacheOptions,
): KeyedCache<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Stored<V>>();
  const keysByGroup = new Map<string, Set<string>>();

  const remove = (key: string) => {
    const stored = entries.get(key);
    if (!stored) return;
    entries.delete(key);
    const keys = keysByGroup.get(stored.group);
    keys?.delete(key);
    if (keys?.size === 0) keysByGroup.delete(stored.group);
  };

  let epoch = 0;
  const forget = (group: string) => {
    epoch += 1;
    if (group === ALL_KEYS) {
      entries.clear();
      keysByGroup.clear();
      return;
    }
    for (const key of keysByGroup.get(group) ?? []) remove(key);
  };
  events.subscribe(channel, forget);

  return {
    get(key) {
      if (!events.connected()) return undefined;
      const stored = entries.get(key);
      if (!stored) return undefined;
      if (now() - stored.storedAt >= options.ttlMs) {
        remove(key);
        return undefined;
      }
      return stored.value;
    },
    epoch: () => epoch,
    set(key, value, group, readAtEpoch) {
      if (readAtEpoch !== epoch || !events.connected()) return;
      remove(key);
      // Map order is insertion order: the oldest entry goes first when full.
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
      entries.set(key, { value, group, storedAt: now() });
      const keys = keysByGroup.get(group) ?? new Set<string>();
      keys.add(key);
      keysByGroup.set(group, keys);
    },
    forget,
    size: () => entries.size,
  };
}
