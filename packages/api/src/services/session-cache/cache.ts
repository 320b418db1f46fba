import type { Selectable } from 'kysely';
import type { SessionsTable, UsersTable } from '@scmp/db';
import { ALL_KEYS, type EventBus } from '../events/events';

type SessionUser = Selectable<UsersTable>;
type SessionRow = Selectable<SessionsTable>;

export type CachedSession = { user: SessionUser; session: SessionRow };

/**
 * Live sessions by token hash, so an authenticated call costs no session round trip.
 *
 * Safety rests on invalidation, not on the TTL:
 * - a database trigger NOTIFYs the 'sessions' channel (key: the user id) on every UPDATE or
 *   DELETE of a user or of a session (except the last-activity refresh), whoever makes it: this
 *   process, another server process, the CLI or SQL by hand;
 * - this process also forgets at once after its own writes (writes-plugin.ts), so its next
 *   request never waits for the NOTIFY;
 * - entries are served only while the LISTEN connection is up (`events.connected()`); after a
 *   reconnect the bus delivers ALL_KEYS, which empties the cache.
 * The TTL only bounds how long an entry lives without being read again from the database.
 * Entries are shared between concurrent requests: treat them as read-only.
 */
export type SessionCache = {
  get: (tokenHash: string) => CachedSession | undefined;
  /** Take this before reading from the database, and hand it to `set`. */
  epoch: () => number;
  /**
   * Stores what was read from the database, unless something was forgotten since `epoch` was
   * taken: the read may predate that change (a revocation committing while it ran).
   */
  set: (tokenHash: string, entry: CachedSession, epoch: number) => void;
  /** Forgets every entry of this user (or all with ALL_KEYS). */
  forget: (key: string) => void;
  size: () => number;
};

export const SESSION_CACHE_TTL_MS = 30_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

type Stored = CachedSession & { storedAt: number };

export function createSessionCache(
  events: Pick<EventBus, 'connected' | 'subscribe'>,
  options: { now?: () => number; ttlMs?: number; maxEntries?: number } = {},
): SessionCache {
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const entries = new Map<string, Stored>();
  const hashesByUser = new Map<number, Set<string>>();

  const remove = (tokenHash: string) => {
    const stored = entries.get(tokenHash);
    if (!stored) return;
    entries.delete(tokenHash);
    const hashes = hashesByUser.get(stored.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) hashesByUser.delete(stored.user.id);
  };

  let epoch = 0;
  const forget = (key: string) => {
    epoch += 1;
    if (key === ALL_KEYS) {
      entries.clear();
      hashesByUser.clear();
      return;
    }
    for (const tokenHash of hashesByUser.get(Number(key)) ?? []) remove(tokenHash);
  };
  events.subscribe('sessions', forget);

  return {
    get(tokenHash) {
      if (!events.connected()) return undefined;
      const stored = entries.get(tokenHash);
      if (!stored) return undefined;
      if (now() - stored.storedAt >= ttlMs) {
        remove(tokenHash);
        return undefined;
      }
      return stored;
    },
    epoch: () => epoch,
    set(tokenHash, entry, readAtEpoch) {
      if (readAtEpoch !== epoch || !events.connected()) return;
      remove(tokenHash);
      // Map order is insertion order: the oldest entry goes first when full.
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) remove(oldest);
      }
      entries.set(tokenHash, { ...entry, storedAt: now() });
      const hashes = hashesByUser.get(entry.user.id) ?? new Set<string>();
      hashes.add(tokenHash);
      hashesByUser.set(entry.user.id, hashes);
    },
    forget,
    size: () => entries.size,
  };
}
