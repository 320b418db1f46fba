import type { Selectable } from 'kysely';
import type { SessionsTable, UsersTable } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { constantTimeEqual, generateToken, sha256Hex } from '../../core/tokens';
import { DAY_MS } from '../../core/durations';

export type SessionUser = Selectable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

export type ResolvedAuth =
  | { status: 'none' }
  | { status: 'invalid' }
  | { status: 'expired' }
  | { status: 'ok'; user: SessionUser; session: SessionRow };

const LAST_ACTIVE_REFRESH_MS = 60_000;

/** Creates a session and returns the only copy of its plaintext token. */
export async function createSession(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  userId: number,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ token: string; session: SessionRow }> {
  const token = generateToken(32);
  const now = deps.clock.now();
  const session = await deps.db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: sha256Hex(token),
      ip_address: meta.ip,
      user_agent: meta.userAgent?.slice(0, 512) ?? null,
      created_at: now,
      last_active_at: now,
      expires_at: new Date(now.getTime() + deps.config.sessionAbsoluteDays * DAY_MS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { token, session };
}

/**
 * Resolves a bearer token to its user and session (from the session cache when it holds them,
 * see session-cache/cache.ts); refreshes last activity at most once a minute.
 */
export async function resolveBearerToken(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessionCache'>,
  token: string | undefined,
): Promise<ResolvedAuth> {
  if (!token) return { status: 'none' };
  if (token.length > 200) return { status: 'invalid' };
  const hash = sha256Hex(token);
  const cached = deps.sessionCache.get(hash);
  if (cached) return checkLive(deps, hash, cached.user, cached.session);
  const epoch = deps.sessionCache.epoch();
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as s_id',
      'sessions.uuid as s_uuid',
      'sessions.token_hash as s_token_hash',
      'sessions.ip_address as s_ip_address',
      'sessions.user_agent as s_user_agent',
      'sessions.created_at as s_created_at',
      'sessions.last_active_at as s_last_active_at',
      'sessions.expires_at as s_expires_at',
      'sessions.revoked_at as s_revoked_at',
    ])
    .where('sessions.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || !constantTimeEqual(row.s_token_hash, hash)) return { status: 'invalid' };
  const {
    s_id,
    s_uuid,
    s_token_hash,
    s_ip_address,
    s_user_agent,
    s_created_at,
    s_last_active_at,
    s_expires_at,
    s_revoked_at,
    ...user
  } = row;
  const session: SessionRow = {
    id: s_id,
    uuid: s_uuid,
    user_id: user.id,
    token_hash: s_token_hash,
    ip_address: s_ip_address,
    user_agent: s_user_agent,
    created_at: s_created_at,
    last_active_at: s_last_active_at,
    expires_at: s_expires_at,
    revoked_at: s_revoked_at,
  };
  const resolved = await checkLive(deps, hash, user, session);
  if (resolved.status === 'ok') deps.sessionCache.set(hash, resolved, epoch);
  return resolved;
}

/** Expiry and revocation checks, and the once-a-minute last-activity refresh. */
async function checkLive(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessionCache'>,
  hash: string,
  user: SessionUser,
  session: SessionRow,
): Promise<ResolvedAuth> {
  const now = deps.clock.now().getTime();
  const lastActive = new Date(session.last_active_at).getTime();
  if (
    session.revoked_at ||
    new Date(session.expires_at).getTime() <= now ||
    lastActive + deps.config.sessionIdleDays * DAY_MS <= now
  ) {
    return { status: 'expired' };
  }
  if (now - lastActive < LAST_ACTIVE_REFRESH_MS) return { status: 'ok', user, session };
  const epoch = deps.sessionCache.epoch();
  await deps.db
    .updateTable('sessions')
    .set({ last_active_at: new Date(now) })
    .where('id', '=', session.id)
    .execute();
  const refreshed = { ...session, last_active_at: new Date(now) };
  deps.sessionCache.set(hash, { user, session: refreshed }, epoch);
  return { status: 'ok', user, session: refreshed };
}

/** Revokes every session of a user except `keepSessionId` (revoked tokens answer session_expired). */
export async function revokeUserSessions(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  keepSessionId?: number,
): Promise<number> {
  let query = deps.db
    .updateTable('sessions')
    .set({ revoked_at: deps.clock.now() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
