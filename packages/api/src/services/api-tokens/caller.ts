import type { ApiScope } from '../../contracts/api-tokens';
import { VERIFICATION_REQUIRED_TEXT } from '../../contracts/auth-texts';
import type { Context } from '../../request-context';
import { AppError } from '../../errors';
import { guardApiToken } from './guard';

type SignedInUser = NonNullable<Context['user']>;

/**
 * The one "who is calling" check (issue 35): the user of a live session or API token, or 401
 * (with session_expired for a revoked or expired token). authedProcedure runs it for every
 * signed-in procedure; a public procedure that needs a user on one branch calls it directly.
 */
export function assertSignedIn(
  ctx: Pick<Context, 'user' | 'session' | 'apiToken' | 'authFailure'>,
): SignedInUser {
  if (ctx.user && (ctx.session || ctx.apiToken)) return ctx.user;
  if (ctx.authFailure === 'expired') {
    throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.', {
      extra: { session_expired: true },
    });
  }
  throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
}

/**
 * assertSignedIn, and for an API token the scope check and its request budget (authedProcedure's
 * step; also the downloads outside the router). `scope` undefined: sessions only.
 */
export async function signedInCaller(
  ctx: Context,
  scope: ApiScope | undefined,
): Promise<SignedInUser> {
  const user = assertSignedIn(ctx);
  if (ctx.apiToken) await guardApiToken(ctx, scope);
  return user;
}

/** verifiedProcedure's step: 403 with email_verification_required until the address is verified. */
export function assertVerified(user: SignedInUser): void {
  if (!user.email_verified_at) {
    throw new AppError('FORBIDDEN', VERIFICATION_REQUIRED_TEXT, {
      extra: { email_verification_required: true, email: user.email },
    });
  }
}
