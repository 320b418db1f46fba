export { appRouter, createCaller, type AppRouter } from './root';
export { callProcedure, listOperations, type Operation } from './call-procedure';
export { createContext, type Context, type RequestInfo } from './context';
export * as fileOperations from './file-operations';
export type { FileAnswer } from './file-operations';
export { createDeps } from './deps';
export type { AppDeps } from './app-deps';
export { silentLogger, type Logger } from './logger';
export {
  createEventBus,
  notifyChange,
  ALL_KEYS,
  type EventBus,
  type EventChannel,
} from './services/events/events';
export type { AppConfig } from './config';
export { createTestClock, systemClock, type Clock, type TestClock } from './clock';
export { AppError, isDatabaseDown, type ErrorEnvelope } from './errors';
export { toErrorEnvelope } from './trpc-errors';
export type { Meta, MultipartContract } from './trpc';
export { runDueJobs, periodicTasks } from './job-runner';
export { jobHandlers, type JobHandler } from './job-handlers';
export { hashPassword, verifyPassword } from './services/passwords';
export { createSession, resolveBearerToken, revokeUserSessions } from './services/sessions';
export { renderEmail } from './services/mail/render-email';
export { deliverPendingMail, MAIL_STATUS_TEXT } from './services/mail/delivery';
export { recordActivity } from './services/activity/record-activity';
export { enforceRateLimit } from './services/rate-limit/rate-limiter';
export {
  requireRecentReauth,
  dataExports,
  accountPurge,
  retention,
  organizationClosure,
} from './services/privacy';
export { findMemberOrganization } from './services/memberships';
export { signedInCaller } from './caller';
export {
  emitWebhookEvent,
  encryptWebhookSecret,
  isPublicAddress,
  parseWebhookUrl,
  sendWebhook,
  vettedAddresses,
} from './services/webhooks';
export { sweepWebhooks } from './services/webhooks/sweep';
export { enqueueJob, enqueueJobOnce, jobLeaseSeconds } from './services/jobs/queue';
export * as supportUploads from './services/support/uploads';
export { cleanFileName } from './lib/file-names';
export { resolveHost, hostnameOf, type ResolvedHost } from './services/hosts';
export { isServedHost } from './services/custom-domains/served-hosts';
export { runDueDomainChecks } from './services/custom-domains/domain-checks';
export { runDueOrganizationDomainChecks } from './services/sso';
export { runDueCertificateChecks } from './services/custom-domains/certificates';
export { pruneHealthChecks } from './services/instances/health-history';
export { compactCounters } from './services/staff/counters';
export { recordDailyFigures } from './services/staff/daily-figures';
export { checkCertificate } from './lib/tls-check';
export {
  instanceInfrastructure,
  runDueHealthChecks,
  type InstanceInfrastructure,
} from './services/instances/lifecycle';
export * as brandingService from './services/branding/index';
export * as publicBranding from './services/public-branding/index';
export * as billingService from './services/billing/index';
// What the server's plain routes use of the account areas (avatar upload/serve, activity CSV), and
// the user as auth answers show it (one schema in the accounts area, shared with the procedures).
import { toUserOutput } from './services/accounts';
import {
  ACTIVITY_FILTERS,
  ACTIVITY_PERIODS,
  exportActivityCsv,
} from './services/activity/activity';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TEXTS,
  avatarTooLargeError,
  PROFILE_TEXTS,
  readAvatar,
  saveAvatar,
} from './services/profile';
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
export { createInvitation } from './services/organizations/invitations';
export * as idempotency from './services/idempotency/idempotency';
import {
  encryptClientSecret,
  handleOidcCallback,
  handleSamlAcs,
  samlServiceProviderMetadata,
  startSsoForConnection,
  startSsoForEmail,
} from './services/sso';
/** What the server's plain routes (apps/server/src/routes/sso.ts) and the demo seed use of SSO. */
export const ssoService = {
  handleOidcCallback,
  startSsoForEmail,
  handleSamlAcs,
  samlServiceProviderMetadata,
  startSsoForConnection,
  encryptClientSecret,
};
