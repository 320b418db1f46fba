import type { AppDeps } from '../../../core/app-deps';
import { rowExists } from '../../../core/matching-rows';
import type { PendingEmailChange } from './texts';

/** The user's pending (unexpired) e-mail change, if any. */
export async function pendingEmailChange(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
): Promise<PendingEmailChange | null> {
  const row = await deps.db
    .selectFrom('email_changes')
    .select(['new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', deps.clock.now())
    .executeTakeFirst();
  return row ? { email: row.new_email, expires_at: new Date(row.expires_at).toISOString() } : null;
}

export function emailBelongsToAnother(deps: Pick<AppDeps, 'db'>, email: string, userId: number) {
  return rowExists(
    deps.db
      .selectFrom('users')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
      .where('id', '!=', userId),
  );
}
