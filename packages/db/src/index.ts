export type { Database } from './database';
export type * from './tables/core';
export type * from './tables/accounts';
export type * from './tables/two-factor';
export type * from './tables/organizations';
export type * from './tables/branding';
export type * from './tables/support';
export type * from './tables/billing';
export type * from './tables/profile';
export type * from './tables/public-site';
export type * from './tables/passkeys';
export type * from './tables/privacy';
export type * from './tables/platform-figures';
export type * from './tables/api-tokens';
export type * from './tables/idempotent-requests';
export type * from './tables/webhooks';
export type * from './tables/sso';
export { compileOnce } from './compiled-query';
export { createDb, type DbConfig, type DbHandle } from './create-db';
export { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
export {
  listenForNotifications,
  type NotificationListener,
  type NotificationSource,
} from './listener';
export { migrateToLatest } from './migrate';
export { runSql } from './run-sql';
export {
  dumpPgliteTo,
  loadPgliteDump,
  newestMigration,
  publicTableCount,
  resetPublicSchema,
} from './backup-support';
