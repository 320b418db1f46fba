import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './request-context';
import type { ApiScope } from './contracts/api-tokens';
import type { OrganizationPermission } from './contracts/roles';
import { AppError, toErrorEnvelope } from './errors';
import { withRateLimitReporting } from './services/rate-limit/rate-limit-scope';
import { guardApiToken } from './services/api-tokens/guard';

export type Meta = OpenApiMeta & {
  /** When a browser (Accept: text/html) opens this GET path on the REST door, serve the SPA instead. */
  spaForBrowsers?: boolean;
  /** HTTP status of a successful REST answer (default 200). */
  successStatus?: number;
  /** Works with or without a sign-in (documented as optional bearer auth): logout. */
  optionalAuth?: boolean;
  /** POST that creates or charges: the REST door honours an Idempotency-Key header on it. */
  idempotent?: boolean;
  /**
   * Organization-scoped operations: the permission of contracts/roles.ts the caller's role needs.
   * Documented as x-organization-permission; the role-matrix test reads it and checks the service
   * enforces it (an organization-scoped operation without one fails that test).
   */
  permission?: OrganizationPermission;
  /**
   * The API-token scope this operation needs (documented as x-required-scope). An operation
   * without one is never reachable with an API token (token management, password, two-factor,
   * passkeys, sessions, profile edits, account deletion, logout, staff): 403 to any token.
   */
  scope?: ApiScope;
};

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const envelope = toErrorEnvelope(error);
      const { stack: _stack, ...data } = shape.data;
      return {
        ...shape,
        message: envelope.body.message,
        data: { ...data, httpStatus: envelope.status, envelope: envelope.body },
      };
    },
  });

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
/**
 * Anyone. An API token sent to an operation that acts on its user (one with a scope) must hold
 * that scope; one without a scope then answers 403 for tokens where the procedure says so.
 */
/** Every procedure: the throttles it passes report RateLimit headers on its response. */
const reportingProcedure = t.procedure.use(({ ctx, next }) =>
  withRateLimitReporting(ctx.responseHeaders, () => next()),
);

export const publicProcedure = reportingProcedure.use(async ({ ctx, meta, next }) => {
  if (ctx.apiToken && meta?.scope) await guardApiToken(ctx, meta.scope);
  return next();
});

export const VERIFICATION_REQUIRED_TEXT =
  'Please verify your email address before signing in. Check your inbox for the verification email.';

/** Signed in with a live session. A revoked or expired token answers 401 with session_expired. */
export const authedProcedure = reportingProcedure.use(async ({ ctx, meta, next }) => {
  if (!ctx.user || (!ctx.session && !ctx.apiToken)) {
    if (ctx.authFailure === 'expired') {
      throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.', {
        extra: { session_expired: true },
      });
    }
    throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
  }
  if (ctx.apiToken) await guardApiToken(ctx, meta?.scope);
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/**
 * Operations on the sign-in session itself (logout, password, sessions, passkey registration):
 * a session is required, and no API token reaches them (they declare no scope).
 */
export const sessionProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.session)
    throw new AppError('FORBIDDEN', 'API tokens cannot be used for this operation.');
  return next({ ctx: { ...ctx, session: ctx.session } });
});

/** Signed in with a verified e-mail address. */
export const verifiedProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.email_verified_at) {
    throw new AppError('FORBIDDEN', VERIFICATION_REQUIRED_TEXT, {
      extra: { email_verification_required: true, email: ctx.user.email },
    });
  }
  return next();
});

/** Staff only; everyone else gets 404 as if the operation did not exist. */
export const staffProcedure = authedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.is_staff) throw new AppError('NOT_FOUND', 'Not found');
  return next();
});
