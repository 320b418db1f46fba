import { upsertRow } from '../../core/upsert-row';
import { z } from 'zod';
import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { PRIVACY_TEXTS, REAUTH_FRESH_MINUTES } from '../../contracts/privacy';
import { AppError } from '../../core/errors';
import { checkCurrentPassword } from '../accounts';
import type { SessionRow, SessionUser } from '../sessions';

type Req = ClientInfo;

/** The answer to POST /user/confirm-password: until when the session counts as confirmed. */
export const reauthOutput = z.strictObject({ confirmed_until: z.string() });

export type ReauthOutput = z.output<typeof reauthOutput>;

/**
 * POST /user/confirm-password: the session proves again that its holder knows the password
 * (Laravel Fortify's name). Five tries a minute per account; the confirmation is kept on the
 * session only, so another device stays unconfirmed.
 */
export async function confirmPassword(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  session: SessionRow,
  password: string,
): Promise<ReauthOutput> {
  await checkCurrentPassword(deps, req, user, password, {
    bucket: 'user:confirm-password',
    field: 'password',
    wrong: PRIVACY_TEXTS.wrongPassword,
    failure: { action: 'password.confirm_failed', description: 'Failed password confirmation' },
  });
  const now = deps.clock.now();
  await upsertRow(
    deps.db,
    'session_reauthentications',
    { session_id: session.id },
    { confirmed_at: now },
  );
  return {
    confirmed_until: new Date(now.getTime() + REAUTH_FRESH_MINUTES * 60_000).toISOString(),
  };
}

/**
 * Sensitive operations (data export downloads, account deletion) need a session that confirmed
 * its password in the last 10 minutes: otherwise 403 with code REAUTH_REQUIRED, which the web
 * app answers by asking for the password and trying again.
 */
export async function requireRecentReauth(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  session: Pick<SessionRow, 'id'> | null,
): Promise<void> {
  const row = session
    ? await deps.db
        .selectFrom('session_reauthentications')
        .select('confirmed_at')
        .where('session_id', '=', session.id)
        .executeTakeFirst()
    : undefined;
  const fresh =
    row &&
    deps.clock.now().getTime() - new Date(row.confirmed_at).getTime() <
      REAUTH_FRESH_MINUTES * 60_000;
  if (!fresh) {
    throw new AppError('REAUTH_REQUIRED', PRIVACY_TEXTS.reauthRequired, {
      extra: { reauth_minutes: REAUTH_FRESH_MINUTES },
    });
  }
}
