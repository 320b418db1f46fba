import type { Selectable } from 'kysely';
import type { ApiTokensTable } from '@scmp/db';
import {
  API_TOKEN_TEXTS,
  MAX_LIVE_API_TOKENS,
  type ApiScope,
  type ApiTokenExpiryDays,
} from '../../contracts/api-tokens';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { countRows } from '../../core/matching-rows';
import { sha256Hex } from '../../core/tokens';
import { isUuid } from '../../core/uuid';
import { toIso } from '../../core/iso-date';
import type { SessionUser } from '../sessions';
import { noticeApiTokenChange } from './notices';
import { newApiToken } from './token-format';

import type { ApiTokenView, CreatedApiToken } from './api-token-schema';
import { DAY_MS } from '../../core/durations';

type Req = ClientInfo;
type TokenRow = Selectable<ApiTokensTable>;

function viewOf(row: TokenRow): ApiTokenView {
  return {
    uuid: row.uuid,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    expires_at: toIso(row.expires_at),
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: toIso(row.last_used_at),
    last_used_ip: row.last_used_ip,
  };
}

/** Live tokens (not revoked, not expired), newest first. */
export async function listApiTokens(deps: AppDeps, user: SessionUser): Promise<ApiTokenView[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .selectFrom('api_tokens')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(viewOf);
}

/**
 * Creates a token; its plaintext is returned this once and only its SHA-256 is stored. The live
 * count is checked under a lock on the user's row, so concurrent creations cannot pass the limit.
 */
export async function createApiToken(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  input: { name: string; scopes: ApiScope[]; expires_in_days: ApiTokenExpiryDays },
): Promise<CreatedApiToken> {
  const now = deps.clock.now();
  const { token, prefix } = newApiToken();
  const scopes = [...new Set(input.scopes)];
  const row = await deps.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().execute();
    const live = await countRows(
      trx
        .selectFrom('api_tokens')
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)])),
    );
    if (live >= MAX_LIVE_API_TOKENS) {
      throw new AppError('VALIDATION_ERROR', API_TOKEN_TEXTS.tooMany, {
        errors: { name: [API_TOKEN_TEXTS.tooMany] },
      });
    }
    return trx
      .insertInto('api_tokens')
      .values({
        user_id: user.id,
        name: input.name,
        token_hash: sha256Hex(token),
        prefix,
        scopes,
        expires_at:
          input.expires_in_days === null
            ? null
            : new Date(now.getTime() + input.expires_in_days * DAY_MS),
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  await noticeApiTokenChange(deps, req, user, 'created', row);
  return { ...viewOf(row), token };
}

/** Revokes one of the user's tokens at once (another user's uuid answers 404). */
export async function revokeApiToken(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  uuid: string,
): Promise<void> {
  if (!isUuid(uuid)) throw new AppError('NOT_FOUND', API_TOKEN_TEXTS.notFound);
  const row = await deps.db
    .updateTable('api_tokens')
    .set({ revoked_at: deps.clock.now() })
    .where('uuid', '=', uuid)
    .where('user_id', '=', user.id)
    .where('revoked_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', API_TOKEN_TEXTS.notFound);
  await noticeApiTokenChange(deps, req, user, 'revoked', row);
}
