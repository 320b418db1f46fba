export { appRouter, createCaller, type AppRouter } from './transport/root';
export { callProcedure, listOperations, type Operation } from './transport/call-procedure';
export { flagIsOn } from './transport/rest-flag';
export { createContext, type Context, type RequestInfo } from './transport/context';
export * as fileOperations from './transport/file-operations';
export type { FileAnswer } from './transport/file-operations';
export { createDeps } from './app/deps';
export type { AppDeps } from './core/app-deps';
export { silentLogger, type Logger } from './core/logger';
export {
  createEventBus,
  notifyChange,
  ALL_KEYS,
  type EventBus,
  type EventChannel,
} from './core/events/events';
export type { AppConfig } from './core/config';
export { createTestClock, systemClock, type Clock, type TestClock } from './core/clock';
export { AppError, isDatabaseDown, type ErrorEnvelope } from './core/errors';
export { toErrorEnvelope } from './transport/trpc-errors';
export type { Meta, MultipartContract } from './transport/trpc';
export { runDueJobs, periodicTasks } from './app/job-runner';
export { jobHandlers, type JobHandler } from './app/job-handlers';
export { hashPassword, verifyPassword } from './core/passwords';
export { createSession, resolveBearerToken, revokeUserSessions } from './domain/sessions';
export { renderEmail } from './core/mail/render-email';
export { deliverPendingMail, MAIL_STATUS_TEXT } from './core/mail/delivery';
export { recordActivity } from './domain/activity';
export { enforceRateLimit } from './core/rate-limit/rate-limiter';
export {
  requireRecentReauth,
  dataExports,
  accountPurge,
  retention,
  organizationClosure,
} from './domain/privacy';
export { findMemberOrganization } from './domain/memberships';
export { signedInCaller } from './transport/caller';
export {
  emitWebhookEvent,
  encryptWebhookSecret,
  isPublicAddress,
  parseWebhookUrl,
  sendWebhook,
  vettedAddresses,
} from './domain/webhooks';
export { sweepWebhooks } from './domain/webhooks';
export { enqueueJob, enqueueJobOnce, jobLeaseSeconds } from './core/jobs/queue';
export { supportUploads } from './domain/support';
export { cleanFileName } from './core/file-names';
export { resolveHost, hostnameOf, type ResolvedHost } from './domain/hosts';
export { isServedHost } from './domain/custom-domains';
export { runDueDomainChecks } from './domain/custom-domains';
export { runDueOrganizationDomainChecks } from './domain/sso';
export { runDueCertificateChecks } from './domain/custom-domains';
export { pruneHealthChecks } from './domain/instances';
export { compactCounters } from './domain/staff';
export { recordDailyFigures } from './domain/staff';
export { checkCertificate } from './core/tls-check';
export {
  instanceInfrastructure,
  runDueHealthChecks,
  type InstanceInfrastructure,
} from './domain/instances';
export * as brandingService from './domain/branding';
export * as publicBranding from './domain/public-branding';
export * as billingService from './domain/billing';
// What the server's plain routes use of the account areas (avatar upload/serve, activity CSV), and
// the user as auth answers show it (one schema in the accounts area, shared with the procedures).
import { toUserOutput } from './domain/accounts';
import { ACTIVITY_FILTERS, ACTIVITY_PERIODS, exportActivityCsv } from './domain/activity';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TEXTS,
  avatarTooLargeError,
  PROFILE_TEXTS,
  readAvatar,
  saveAvatar,
} from './domain/profile';
export const accountSecurity = {
  AVATAR_MAX_BYTES,
  AVATAR_TEXTS,
  avatarTooLargeError,
  readAvatar,
  saveAvatar,
  exportActivityCsv,
  ACTIVITY_FILTERS,
  ACTIVITY_PERIODS,
  PROFILE_TEXTS,
  toUserOutput,
};
export { createInvitation } from './domain/organizations';
export * as idempotency from './core/idempotency/idempotency';
import {
  encryptClientSecret,
  handleOidcCallback,
  handleSamlAcs,
  samlServiceProviderMetadata,
  startSsoForConnection,
  startSsoForEmail,
} from './domain/sso';
/** What the server's plain routes (apps/server/src/routes/sso.ts) and the demo seed use of SSO. */
export const ssoService = {
  handleOidcCallback,
  startSsoForEmail,
  handleSamlAcs,
  samlServiceProviderMetadata,
  startSsoForConnection,
  encryptClientSecret,
};
