import { sql, type Kysely } from 'kysely';
import {
  listenForNotifications,
  type Database,
  type NotificationListener,
  type NotificationSource,
} from '@scmp/db';
import type { Logger } from '../logger';

/**
 * Cache-invalidation events between server processes. A change is announced with
 * `publish(channel, key)`: this process's subscribers hear it at once, and every other process on
 * the same PostgreSQL database hears it through NOTIFY on its own LISTEN connection. With the
 * embedded PGlite (one process) the same NOTIFY is heard in-process. Subscribers must treat
 * events as "forget this" hints: while the listening connection is down they are missed, so
 * caches keep their short TTL as the fallback, and after a reconnect every subscriber gets
 * ALL_KEYS.
 */
export type EventChannel = 'branding' | 'sessions' | 'organizations' | 'twoFactorPolicies';

/** The key that means "everything on this channel may have changed". */
export const ALL_KEYS = '*';

/** The PostgreSQL NOTIFY channel all events travel on. */
export const EVENTS_PG_CHANNEL = 'scmp_events';

export type EventHandler = (key: string) => void;

export type EventBus = {
  /**
   * Announces that `key` on `channel` changed. Pass the transaction that made the change to have
   * the other processes told when it commits. Never throws (a lost event only costs the TTL).
   */
  publish: (channel: EventChannel, key: string, db?: Kysely<Database>) => Promise<void>;
  /** Calls `handler` for every event on `channel`; returns the unsubscribe function. */
  subscribe: (channel: EventChannel, handler: EventHandler) => () => void;
  /** Whether events from other processes are being received right now. */
  connected: () => boolean;
  close: () => Promise<void>;
};

type Message = { c: EventChannel; k: string };

/**
 * NOTIFY from code that has only a database handle (e.g. inside a billing transaction): the
 * event reaches every listening process, this one included, when the transaction commits.
 */
export async function notifyChange(
  db: Kysely<Database>,
  channel: EventChannel,
  key: string,
): Promise<void> {
  const payload = JSON.stringify({ c: channel, k: key } satisfies Message);
  await sql`SELECT pg_notify(${EVENTS_PG_CHANNEL}, ${payload})`.execute(db);
}

function parse(payload: string): Message | undefined {
  try {
    const value = JSON.parse(payload) as Partial<Message>;
    if (typeof value.c === 'string' && typeof value.k === 'string') return value as Message;
  } catch {
    /* not ours */
  }
  return undefined;
}

export type EventBusOptions = {
  db: Kysely<Database>;
  /** The logger at the time of logging (the server swaps in its own after start-up). */
  logger: () => Logger;
  /** Where to LISTEN; without it the bus only reaches this process (tests, single process). */
  source?: NotificationSource;
};

/** Subscribers of one process and the delivery to them. */
function createRegistry(logger: () => Logger) {
  const handlers = new Map<EventChannel, Set<EventHandler>>();
  const deliver = (channel: EventChannel, key: string) => {
    for (const handler of handlers.get(channel) ?? []) {
      try {
        handler(key);
      } catch (error) {
        logger().error({ err: error, channel }, 'event handler failed');
      }
    }
  };
  return {
    deliver,
    deliverAll: () => {
      for (const channel of handlers.keys()) deliver(channel, ALL_KEYS);
    },
    subscribe: (channel: EventChannel, handler: EventHandler) => {
      const set = handlers.get(channel) ?? new Set<EventHandler>();
      handlers.set(channel, set);
      set.add(handler);
      return () => {
        set.delete(handler);
      };
    },
    clear: () => handlers.clear(),
  };
}

/** Builds the bus; with a source it resolves once LISTEN was first attempted. */
export async function createEventBus(options: EventBusOptions): Promise<EventBus> {
  const registry = createRegistry(options.logger);
  let listener: NotificationListener | undefined;
  if (options.source?.databaseUrl || options.source?.pglite) {
    listener = await listenForNotifications(options.source, EVENTS_PG_CHANNEL, {
      onMessage: (payload) => {
        const message = parse(payload);
        if (message) registry.deliver(message.c, message.k);
      },
      onReconnected: () => {
        options.logger().info('event listener reconnected; dropping cached entries');
        registry.deliverAll();
      },
      onDisconnected: (error) => {
        options
          .logger()
          .warn({ err: error }, 'event listener disconnected; caches fall back to their TTL');
      },
    });
  }
  // Every bus listening on the database hears the NOTIFY (this one again too: harmless, and
  // it repeats the invalidation once a surrounding transaction has committed).
  const notify = listener !== undefined;

  return {
    async publish(channel, key, db) {
      registry.deliver(channel, key);
      if (!notify) return;
      try {
        await notifyChange(db ?? options.db, channel, key);
      } catch (error) {
        options.logger().warn({ err: error, channel }, 'could not publish a change event');
      }
    },
    subscribe: registry.subscribe,
    connected: () => listener?.connected() ?? false,
    async close() {
      registry.clear();
      await listener?.close();
    },
  };
}

/** A bus that reaches this process only (what createDeps uses when none is handed in). */
export function createLocalEventBus(logger: () => Logger): EventBus {
  const registry = createRegistry(logger);
  return {
    async publish(channel, key) {
      registry.deliver(channel, key);
    },
    subscribe: registry.subscribe,
    connected: () => false,
    async close() {
      registry.clear();
    },
  };
}
