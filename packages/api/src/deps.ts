import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import { systemClock, type Clock } from './clock';
import type { AppConfig } from './config';
import { ALL_KEYS, createLocalEventBus, type EventBus } from './services/events/events';
import { withTestModeNotice } from './services/mail/test-mode-notice';
import { createOutboxMailer, type Mailer } from './services/mail/outbox';
import { createPaymentProvider, type PaymentProvider } from './services/payments/provider';
import { connectTenantBrandingCache } from './services/public-branding/cache';
import {
  createOrganizationListCache,
  ORGANIZATION_LIST_WRITES,
  type OrganizationListCache,
} from './services/organizations/list-cache';
import { writesPlugin } from './services/read-cache/writes-plugin';
import { createSessionCache, SESSION_WRITES, type SessionCache } from './services/session-cache';
import { createMemoryRateLimiter } from './services/rate-limit/memory-rate-limiter';
import { createDbRateLimiter, type RateLimiter } from './services/rate-limit/rate-limiter';
import { createS3Storage } from './services/storage/s3-storage';
import { createLocalStorage, type Storage } from './services/storage/storage';

export type Logger = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
  debug: (obj: object | string, msg?: string) => void;
};

export const silentLogger: Logger = { info() {}, warn() {}, error() {}, debug() {} };

/** Everything a service may depend on; built once per process, passed explicitly. */
export type AppDeps = {
  db: Kysely<Database>;
  /** Round trip to the database for the health check. */
  pingDb: () => Promise<void>;
  config: AppConfig;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  storage: Storage;
  rateLimiter: RateLimiter;
  payments: PaymentProvider;
  /** Cache-invalidation events shared by every server process (PostgreSQL LISTEN/NOTIFY). */
  events: EventBus;
  /** Live sessions by token hash, kept while the event bus listens (services/session-cache). */
  sessionCache: SessionCache;
  /** Each owner's organization list, kept the same way (services/organizations/list-cache). */
  organizationListCache: OrganizationListCache;
};

export function createDeps(input: {
  db: Kysely<Database>;
  /**
   * Which engine `db` is. The embedded one (PGlite) belongs to this process alone, so its rate
   * limits live in memory; on PostgreSQL they are rows every process shares.
   */
  dbKind: 'pglite' | 'postgres';
  pingDb: () => Promise<void>;
  config: AppConfig;
  clock?: Clock;
  logger?: Logger;
  /** The cross-process bus (the server builds it on its database); this process only otherwise. */
  events?: EventBus;
}): AppDeps {
  const clock = input.clock ?? systemClock;
  const events = input.events ?? createLocalEventBus(() => deps.logger);
  const sessionCache = createSessionCache(events);
  const organizationListCache = createOrganizationListCache(events);
  // This process's own writes empty the caches they touch at once; other processes (and SQL by
  // hand) reach them through the database triggers' NOTIFY.
  const db = input.db
    .withPlugin(writesPlugin(SESSION_WRITES, () => sessionCache.forget(ALL_KEYS)))
    .withPlugin(
      writesPlugin(ORGANIZATION_LIST_WRITES, () => organizationListCache.forget(ALL_KEYS)),
    );
  const payments = createPaymentProvider(
    input.config.stripe.secretKey,
    input.config.stripe.publishableKey,
    input.config.stripe.apiBase,
  );
  const outbox = createOutboxMailer(db, clock);
  const deps: AppDeps = {
    db,
    pingDb: input.pingDb,
    config: input.config,
    clock,
    logger: input.logger ?? silentLogger,
    mailer: payments.name === 'test' ? withTestModeNotice(outbox) : outbox,
    storage: input.config.s3
      ? createS3Storage(input.config.s3)
      : createLocalStorage(input.config.uploadsDir),
    rateLimiter:
      input.dbKind === 'pglite' ? createMemoryRateLimiter(clock) : createDbRateLimiter(db, clock),
    payments,
    events,
    sessionCache,
    organizationListCache,
  };
  connectTenantBrandingCache(deps.events);
  return deps;
}
