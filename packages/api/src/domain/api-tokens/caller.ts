import { VERIFICATION_REQUIRED_TEXT } from '../../contracts/auth-texts';
import { AppError } from '../../core/errors';
import type { SessionRow, SessionUser } from '../sessions';
import type { ApiTokenAuth } from './resolve-api-token';

/** What the door resolved from the request's bearer token (createContext), as plain values. */
export type CallerAuth = {
  user: SessionUser | null;
  session: SessionRow | null;
  apiToken: ApiTokenAuth | null;
  authFailure: 'invalid' | 'expired' | null;
};

/**
 * The one "who is calling" check (issue 35): the user of a live session or API token, or 401
 * (with session_expired for a revoked or expired token). authedProcedure runs it for every
 * signed-in procedure; a public procedure that needs a user on one branch calls it directly.
 */
export function assertSignedIn(auth: CallerAuth): SessionUser {
  if (auth.user && (auth.session || auth.apiToken)) return auth.user;
  if (auth.authFailure === 'expired') {
    throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please log in again.', {
      extra: { session_expired: true },
    });
  }
  throw new AppError('UNAUTHENTICATED', 'Unauthenticated.');
}

/** verifiedProcedure's step: 403 with email_verification_required until the address is verified. */
export function assertVerified(user: SessionUser): void {
  if (!user.email_verified_at) {
    throw new AppError('FORBIDDEN', VERIFICATION_REQUIRED_TEXT, {
      extra: { email_verification_required: true, email: user.email },
    });
  }
}
