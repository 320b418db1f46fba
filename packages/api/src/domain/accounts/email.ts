import type { AppDeps } from '../../core/app-deps';
import type { SessionUser } from '../sessions';

/**
 * The one spelling of an e-mail address used for storage, look-ups and throttle keys: NFKC folds
 * look-alike forms (e.g. circled letters) into plain ones, so they share an account and a bucket.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

/** The account whose address is `email` (already normalized), for a sign-in step. */
export function userByEmail(db: AppDeps['db'], email: string): Promise<SessionUser | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}
