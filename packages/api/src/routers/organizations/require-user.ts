import type { Context } from '../../request-context';
import { AppError } from '../../errors';

/** The same answer as authedProcedure, for a public procedure that needs a user on one branch. */
export function requireUser(ctx: Context): NonNullable<Context['user']> {
  if (ctx.user && (ctx.session || ctx.apiToken)) return ctx.user;
  if (ctx.authFailure === 'expired') {
    throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.', {
      extra: { session_expired: true },
    });
  }
  throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
}
