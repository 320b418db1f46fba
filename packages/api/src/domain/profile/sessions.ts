import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { describeLocation, describeUserAgent, recordActivity } from '../activity';
import { revokeUserSessions, type SessionRow, type SessionUser } from '../sessions';
import { assertUuid } from './profile';
import type { SessionOutput } from './profile-schema';
import { DAY_MS } from '../../core/durations';

type Req = ClientInfo;

export const SESSION_TEXTS = {
  revoked: 'Session revoked successfully.',
  allRevoked: 'All other sessions revoked successfully.',
  notFound: 'Session not found',
  current: 'You cannot revoke your current session. Sign out instead.',
} as const;

/** The user's live sessions, the current one first, then by last activity. */
export async function listSessions(
  deps: AppDeps,
  user: SessionUser,
  current: SessionRow,
): Promise<SessionOutput[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .selectFrom('sessions')
    .leftJoin('session_sign_in_methods', 'session_sign_in_methods.session_id', 'sessions.id')
    .selectAll('sessions')
    .select('session_sign_in_methods.method as sign_in_method')
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .where('last_active_at', '>', new Date(now.getTime() - deps.config.sessionIdleDays * DAY_MS))
    .orderBy('last_active_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const sessions = rows.map((row) => {
    const info = describeUserAgent(row.user_agent);
    return {
      id: row.uuid,
      device: info.device,
      browser: info.browser,
      os: info.os,
      ip_address: row.ip_address,
      location: describeLocation(row.ip_address),
      last_active: new Date(row.last_active_at).toISOString(),
      current: row.id === current.id,
      sign_in_method: row.sign_in_method ?? null,
    };
  });
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

export async function revokeSession(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  current: SessionRow,
  id: string,
): Promise<void> {
  assertUuid(id, SESSION_TEXTS.notFound);
  const row = await deps.db
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'revoked_at'])
    .where('uuid', '=', id)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!row || row.revoked_at) throw new AppError('NOT_FOUND', SESSION_TEXTS.notFound);
  if (row.id === current.id) throw new AppError('BAD_REQUEST', SESSION_TEXTS.current);
  await deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.clock.now() })
    .where('id', '=', row.id)
    .execute();
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'session.revoked',
    description: `Signed out a session (${describeUserAgent(row.user_agent).device})`,
    severity: 'medium',
  });
}

export async function revokeOtherSessions(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  current: SessionRow,
): Promise<number> {
  const count = await revokeUserSessions(deps, user.id, current.id);
  if (count > 0) {
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'security',
      action: 'session.revoked_all',
      description: `Signed out ${count} other session${count === 1 ? '' : 's'}`,
      severity: 'medium',
    });
  }
  return count;
}
