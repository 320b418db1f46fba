import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Context } from './context';
import type { OrganizationPermission } from './contracts/roles';
import { AppError, toErrorEnvelope } from './errors';

export type Meta = OpenApiMeta & {
  /** When a browser (Accept: text/html) opens this GET path on the REST door, serve the SPA instead. */
  spaForBrowsers?: boolean;
  /** HTTP status of a successful REST answer (default 200). */
  successStatus?: number;
  /**
   * Organization-scoped operations: the permission of contracts/roles.ts the caller's role needs.
   * Documented as x-organization-permission; the role-matrix test reads it and checks the service
   * enforces it (an organization-scoped operation without one fails that test).
   */
  permission?: OrganizationPermission;
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
export const publicProcedure = t.procedure;

export const VERIFICATION_REQUIRED_TEXT =
  'Please verify your email address before signing in. Check your inbox for the verification email.';

/** Signed in with a live session. A revoked or expired token answers 401 with session_expired. */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    if (ctx.authFailure === 'expired') {
      throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.', {
        extra: { session_expired: true },
      });
    }
    throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
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
