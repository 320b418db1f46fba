import type { AppDeps } from '../../core/app-deps';

/**
 * Takes one step of a sign-in attempt, once: `used_at` when the identity provider's answer is
 * used, `completed_at` when the web app exchanges the code for a session (`unexpired`: only
 * before the attempt expires). True only for the request that took it; a replay finds it taken.
 */
export async function takeAttemptStep(
  deps: Pick<AppDeps, 'db'>,
  attemptId: string,
  step: 'used_at' | 'completed_at',
  now: Date,
  { unexpired = false } = {},
): Promise<boolean> {
  let query = deps.db
    .updateTable('sso_login_attempts')
    .set({ [step]: now })
    .where('id', '=', attemptId)
    .where(step, 'is', null);
  if (unexpired) query = query.where('expires_at', '>', now);
  return (await query.returning('id').executeTakeFirst()) !== undefined;
}
