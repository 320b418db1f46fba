import type { Selectable } from 'kysely';
import type { SessionsTable, UsersTable } from '@scmp/db';
import type { EventBus } from '../events/events';
import { createKeyedCache } from '../read-cache/keyed-cache';
import type { WatchedWrites } from '../read-cache/writes-plugin';

type SessionUser = Selectable<UsersTable>;
type SessionRow = Selectable<SessionsTable>;

export type CachedSession = { user: SessionUser; session: SessionRow };

/**
 * Live sessions by token hash, so an authenticated call costs no session round trip. It is a
 * read-cache/keyed-cache.ts cache grouped by user id on the 'sessions' channel: a database
 * trigger NOTIFYs it (key: the user id) on every UPDATE or DELETE of a user or of a session
 * (except the last-activity refresh), whoever makes it, and this process's own writes to users
 * and sessions forget at once (read-cache/writes-plugin.ts, wired in deps.ts).
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

export function createSessionCache(
  events: Pick<EventBus, 'connected' | 'subscribe'>,
  options: { now?: () => number; ttlMs?: number; maxEntries?: number } = {},
): SessionCache {
  const cache = createKeyedCache<CachedSession>(events, 'sessions', {
    now: options.now,
    ttlMs: options.ttlMs ?? SESSION_CACHE_TTL_MS,
    maxEntries: options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES,
  });
  return {
    get: cache.get,
    epoch: cache.epoch,
    set: (tokenHash, entry, epoch) => cache.set(tokenHash, entry, String(entry.user.id), epoch),
    forget: cache.forget,
    size: cache.size,
  };
}

/** The writes that change a cached session (the last-activity refresh does not). */
export const SESSION_WRITES: WatchedWrites = {
  tables: new Set(['users', 'sessions']),
  neutralColumns: { sessions: new Set(['last_active_at']) },
};
