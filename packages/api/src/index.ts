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
export { requireRecentReauth } from './services/privacy/reauth';
export * as dataExports from './services/privacy/data-exports/index';
export * as accountPurge from './services/privacy/account-purge';
export * as retention from './services/privacy/retention';
export * as organizationClosure from './services/privacy/organization-closure/index';
export { findMemberOrganization } from './services/organizations/membership';
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
export { resolveHost, hostnameOf, type ResolvedHost } from './services/instances/host-resolution';
export { isServedHost } from './services/custom-domains/served-hosts';
export { runDueDomainChecks } from './services/custom-domains/domain-checks';
export { runDueOrganizationDomainChecks } from './services/sso/domain-checks';
export { runDueCertificateChecks } from './services/custom-domains/certificates';
export { pruneHealthChecks } from './services/instances/health-history';
export { compactCounters } from './services/staff/counters';
export { recordDailyFigures } from './services/staff/daily-figures';
export { checkCertificate } from './services/custom-domains/tls-check';
export {
  instanceInfrastructure,
  runDueHealthChecks,
  type InstanceInfrastructure,
} from './services/instances/lifecycle';
export * as brandingService from './services/branding/index';
export * as publicBranding from './services/public-branding/index';
export * as billingService from './services/billing/index';
// The profile area's pieces for the server's plain routes, and the user as auth answers show it
// (a router's output shape: services do not import routers).
import * as profileServerExports from './services/profile/server-exports';
import { toUserOutput } from './routers/auth/user-output';
export const accountSecurity = { ...profileServerExports, toUserOutput };
export { createInvitation } from './services/organizations/invitations';
export * as idempotency from './services/idempotency/idempotency';
export * as ssoService from './services/sso/server-exports';
