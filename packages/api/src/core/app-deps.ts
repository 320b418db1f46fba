import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Logger } from './logger';
import type { DomainEvents } from './events/domain-events';
import type { EventBus } from './events/events';
import type { Mailer } from './mail/outbox';
import type { OrganizationOutput } from '../contracts/organizations-schemas';
import type { PaymentProvider } from './payments/types';
import type { RateLimiter } from './rate-limit/rate-limiter';
import type { SessionCache } from './session-cache/cache';
import type { Storage } from './storage/storage';
import type { KeyedCache } from './read-cache/keyed-cache';

/**
 * Everything a service may depend on; built once per process by the composition root (deps.ts)
 * and passed explicitly. Services import this type, never deps.ts, so the dependency direction is
 * one-way: deps.ts → services → app-deps.ts → the narrow types beside each service.
 */
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
  /**
   * In-transaction domain events: an area emits one inside the transaction of its change, the
   * reacting areas' handlers run in it (subscribed in subscriptions.ts, the composition root).
   */
  domainEvents: DomainEvents;
  /** Live sessions by token hash, kept while the event bus listens (core/session-cache). */
  sessionCache: SessionCache;
  /** Each owner's organization list, kept the same way (domain/organizations/list-cache). */
  organizationListCache: OrganizationListCache;
  /** Which organizations require two-factor, kept the same way (domain/sso/two-factor-policy-cache). */
  twoFactorPolicyCache: TwoFactorPolicyCache;
};

/**
 * Each member's organization list, by owner id (built by the organizations area's list-cache.ts,
 * which says what empties it).
 */
export type OrganizationListCache = KeyedCache<OrganizationOutput[]>;

/**
 * The uuids of the organizations whose "Require two-factor" policy is on (built by the sso area's
 * two-factor-policy-cache.ts, which says what empties it).
 */
export type TwoFactorPolicyCache = KeyedCache<ReadonlySet<string>>;
