/**
 * The composition root: builds every cache, the event bus, the mailer, storage, the rate limiter
 * and the payment provider once per process. Nothing in the package imports this file but the
 * package's index (services depend on app-deps.ts, the type).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from './app-deps';
import { systemClock, type Clock } from './clock';
import type { AppConfig } from './config';
import { createDomainEvents } from './services/events/domain-events';
import { ALL_KEYS, createLocalEventBus, type EventBus } from './services/events/events';
import { withTestModeNotice } from './services/mail/test-mode-notice';
import { createOutboxMailer } from './services/mail/outbox';
import { createPaymentProvider } from './services/payments/provider';
import { connectTenantBrandingCache } from './services/public-branding/cache';
import { connectPortalCache, forgetPortalPages } from './services/public-branding/portal';
import {
  createOrganizationListCache,
  ORGANIZATION_LIST_WRITES,
} from './services/organizations/list-cache';
import { writesPlugin } from './services/read-cache/writes-plugin';
import { createSessionCache, SESSION_WRITES } from './services/session-cache';
import {
  createTwoFactorPolicyCache,
  TWO_FACTOR_POLICY_WRITES,
} from './services/sso/two-factor-policy-cache';
import { createMemoryRateLimiter } from './services/rate-limit/memory-rate-limiter';
import { createDbRateLimiter } from './services/rate-limit/rate-limiter';
import { createS3Storage } from './services/storage/s3-storage';
import { createLocalStorage } from './services/storage/storage';
import { silentLogger, type Logger } from './logger';
import { subscribe } from './subscriptions';

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
  const twoFactorPolicyCache = createTwoFactorPolicyCache(events);
  // This process's own writes empty the caches they touch at once; other processes (and SQL by
  // hand) reach them through the database triggers' NOTIFY.
  const db = input.db
    .withPlugin(writesPlugin(SESSION_WRITES, () => sessionCache.forget(ALL_KEYS)))
    .withPlugin(
      writesPlugin(ORGANIZATION_LIST_WRITES, () => {
        organizationListCache.forget(ALL_KEYS);
        forgetPortalPages();
      }),
    )
    .withPlugin(
      writesPlugin(TWO_FACTOR_POLICY_WRITES, () => twoFactorPolicyCache.forget(ALL_KEYS)),
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
    domainEvents: createDomainEvents(),
    sessionCache,
    organizationListCache,
    twoFactorPolicyCache,
  };
  connectTenantBrandingCache(deps.events);
  connectPortalCache(deps.events);
  subscribe(deps);
  return deps;
}

export type { AppDeps } from './app-deps';
