import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { loadPg } from './pg-module';

/** Where notifications come from: a PostgreSQL URL (own connection) or the embedded PGlite. */
export type NotificationSource = { databaseUrl?: string | undefined; pglite?: PGlite | undefined };

export type NotificationHandlers = {
  /** A NOTIFY payload on the channel (also the ones this process sent). */
  onMessage: (payload: string) => void;
  /** LISTEN is active again after a drop: notifications may have been missed meanwhile. */
  onReconnected?: () => void;
  /** The listening connection dropped (or could not be opened); it is retried with backoff. */
  onDisconnected?: (error: unknown) => void;
};

export type NotificationListener = {
  /** Whether LISTEN is active right now. */
  connected: () => boolean;
  close: () => Promise<void>;
};

const CHANNEL = /^[a-z_][a-z0-9_]*$/;
const MIN_RETRY_MS = 250;
const MAX_RETRY_MS = 5000;
const HEARTBEAT_MS = 15_000;

/**
 * LISTENs on `channel`. On PostgreSQL it uses one dedicated connection (outside the query pool)
 * that reconnects with backoff after the database blips, and pings it now and then so a silently
 * dead connection is noticed. On PGlite it listens in-process. Resolves once the first attempt
 * to listen has finished (successfully or not: the retries continue in the background).
 */
export async function listenForNotifications(
  source: NotificationSource,
  channel: string,
  handlers: NotificationHandlers,
): Promise<NotificationListener> {
  if (!CHANNEL.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
  if (source.databaseUrl) return listenPostgres(source.databaseUrl, channel, handlers);
  if (source.pglite) {
    const pglite = source.pglite;
    const unlisten = await pglite.listen(channel, handlers.onMessage);
    return {
      connected: () => !pglite.closed,
      close: async () => {
        if (!pglite.closed) await unlisten();
      },
    };
  }
  throw new Error('listenForNotifications needs a databaseUrl or a PGlite instance');
}

async function listenPostgres(
  url: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<NotificationListener> {
  let client: pg.Client | undefined;
  let closed = false;
  let everConnected = false;
  let attempts = 0;
  let retryMs = MIN_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  const dropped = new WeakSet<pg.Client>();

  const schedule = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const drop = (c: pg.Client, error: unknown) => {
    if (dropped.has(c)) return;
    dropped.add(c);
    const wasCurrent = client === c;
    if (wasCurrent) client = undefined;
    c.end().catch(() => undefined);
    if (closed) return;
    if (wasCurrent || !everConnected) handlers.onDisconnected?.(error);
    schedule();
  };

  const connect = async () => {
    if (closed) return;
    attempts += 1;
    const c = new (loadPg().Client)({
      connectionString: url,
      connectionTimeoutMillis: 2000,
      keepAlive: true,
      application_name: 'scmp-listener',
    });
    c.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) {
        handlers.onMessage(message.payload);
      }
    });
    c.on('error', (error) => drop(c, error));
    c.on('end', () => drop(c, new Error('listener connection ended')));
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (error) {
      drop(c, error);
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    retryMs = MIN_RETRY_MS;
    if (attempts > 1) handlers.onReconnected?.();
    everConnected = true;
  };

  const ping = async () => {
    const c = client;
    if (!c) return;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        c.query('SELECT 1'),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('listener heartbeat timed out')), 5000);
        }),
      ]);
    } catch (error) {
      drop(c, error);
    } finally {
      clearTimeout(timer);
    }
  };

  await connect();
  const heartbeat = setInterval(() => void ping(), HEARTBEAT_MS);
  heartbeat.unref();

  return {
    connected: () => client !== undefined,
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const c = client;
      client = undefined;
      if (c) {
        dropped.add(c);
        await c.end().catch(() => undefined);
      }
    },
  };
}
