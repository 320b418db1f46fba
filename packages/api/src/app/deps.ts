/**
 * The composition root: builds every cache, the event bus, the mailer, storage, the rate limiter
 * and the payment provider once per process. Nothing in the package imports this file but the
 * package's index (services depend on app-deps.ts, the type).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../core/app-deps';
import { systemClock, type Clock } from '../core/clock';
import type { AppConfig } from '../core/config';
import { createDomainEvents } from '../core/events/domain-events';
import { ALL_KEYS, createLocalEventBus, type EventBus } from '../core/events/events';
import { withTestModeNotice } from '../core/mail/test-mode-notice';
import { createOutboxMailer } from '../core/mail/outbox';
import { createPaymentProvider } from '../core/payments/provider';
import {
  connectTenantBrandingCache,
  invalidateTenantBrandingCache,
  connectPortalCache,
  forgetPortalPages,
} from '../domain/public-branding';
import { createOrganizationListCache, ORGANIZATION_LIST_WRITES } from '../domain/organizations';
import { writesPlugin } from '../core/read-cache/writes-plugin';
import { createSessionCache, SESSION_WRITES } from '../core/session-cache';
import { createTwoFactorPolicyCache, TWO_FACTOR_POLICY_WRITES } from '../domain/sso';
import { createMemoryRateLimiter } from '../core/rate-limit/memory-rate-limiter';
import { createDbRateLimiter } from '../core/rate-limit/rate-limiter';
import { createS3Storage } from '../core/storage/s3-storage';
import { createLocalStorage } from '../core/storage/storage';
import { silentLogger, type Logger } from '../core/logger';
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
  const db = input.db.withPlugin(
    writesPlugin([
      { watch: SESSION_WRITES, onWrite: () => sessionCache.forget(ALL_KEYS) },
      {
        watch: ORGANIZATION_LIST_WRITES,
        onWrite: () => {
          organizationListCache.forget(ALL_KEYS);
          forgetPortalPages();
        },
      },
      {
        watch: TWO_FACTOR_POLICY_WRITES,
        onWrite: () => twoFactorPolicyCache.forget(ALL_KEYS),
      },
    ]),
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
  // The public branding and portal caches belong to the process, not to these deps: a new set of
  // deps starts them empty, so nothing cached from another database is served (the tests build
  // one set per test file, several in one process).
  invalidateTenantBrandingCache();
  forgetPortalPages();
  connectTenantBrandingCache(deps.events);
  connectPortalCache(deps.events);
  subscribe(deps);
  return deps;
}

export type { AppDeps } from '../core/app-deps';
