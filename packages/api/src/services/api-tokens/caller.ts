import type { ApiScope } from '../../contracts/api-tokens';
import type { Context } from '../../request-context';
import { AppError } from '../../errors';
import { guardApiToken } from './guard';

/**
 * The signed-in caller of a route outside the router (uploads, downloads, exports), with the
 * same answers as authedProcedure: 401 (session_expired for a revoked or expired token), and for
 * an API token the scope check and its request budget. `scope` undefined: sessions only.
 */
export async function signedInCaller(
  ctx: Context,
  scope: ApiScope | undefined,
): Promise<NonNullable<Context['user']>> {
  if (!ctx.user || (!ctx.session && !ctx.apiToken)) {
    if (ctx.authFailure === 'expired') {
      throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.', {
        extra: { session_expired: true },
      });
    }
    throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
  }
  if (ctx.apiToken) await guardApiToken(ctx, scope);
  return ctx.user;
}
