import type { AppDeps } from '../../core/app-deps';
import { constantTimeEqual, sha256Hex } from '../../core/tokens';
import type { SessionUser } from '../sessions';

export type ApiTokenAuth = { id: number; uuid: string; scopes: string[] };

export type ResolvedApiToken =
  | { status: 'invalid' }
  | { status: 'expired' }
  | { status: 'ok'; user: SessionUser; apiToken: ApiTokenAuth };

const LAST_USED_REFRESH_MS = 60_000;

/**
 * A `scmp_pat_` bearer token to its owner and scopes: one indexed read per call (no cache), so a
 * revocation or expiry holds at once in every process. Last use is written at most once a minute.
 */
export async function resolveApiToken(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
  ip: string | null,
): Promise<ResolvedApiToken> {
  const hash = sha256Hex(token);
  const row = await deps.db
    .selectFrom('api_tokens')
    .innerJoin('users', 'users.id', 'api_tokens.user_id')
    .selectAll('users')
    .select([
      'api_tokens.id as t_id',
      'api_tokens.uuid as t_uuid',
      'api_tokens.token_hash as t_hash',
      'api_tokens.scopes as t_scopes',
      'api_tokens.expires_at as t_expires_at',
      'api_tokens.revoked_at as t_revoked_at',
      'api_tokens.last_used_at as t_last_used_at',
    ])
    .where('api_tokens.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || !constantTimeEqual(row.t_hash, hash)) return { status: 'invalid' };
  const { t_id, t_uuid, t_hash, t_scopes, t_expires_at, t_revoked_at, t_last_used_at, ...user } =
    row;
  void t_hash;
  const now = deps.clock.now();
  if (t_revoked_at || (t_expires_at && new Date(t_expires_at).getTime() <= now.getTime())) {
    return { status: 'expired' };
  }
  if (
    !t_last_used_at ||
    now.getTime() - new Date(t_last_used_at).getTime() >= LAST_USED_REFRESH_MS
  ) {
    await deps.db
      .updateTable('api_tokens')
      .set({ last_used_at: now, last_used_ip: ip })
      .where('id', '=', t_id)
      .execute();
  }
  return { status: 'ok', user, apiToken: { id: t_id, uuid: t_uuid, scopes: t_scopes } };
}
