import { PASSKEY_TEXTS } from '../../contracts/passkeys';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { verifyPassword } from '../../core/passwords';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import type { SessionUser } from '../sessions';
import { checkUserTwoFactorCode, REUSED_CODE_TEXT } from '../two-factor';
import { noticePasskeyChange } from './notices';
import { toPasskeyOutput, type PasskeyOutput, type PasskeyRow } from './passkey-output';
import { isUuid } from '../../core/uuid';

type Req = ClientInfo;

/** The user's passkeys, oldest first. */
export async function listPasskeys(deps: AppDeps, user: SessionUser): Promise<PasskeyOutput[]> {
  const rows = await deps.db
    .selectFrom('passkeys')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(toPasskeyOutput);
}

/** One of the user's own passkeys; anyone else's, or none, is 404 alike. */
async function ownPasskey(deps: AppDeps, user: SessionUser, uuid: string): Promise<PasskeyRow> {
  const row = isUuid(uuid)
    ? await deps.db
        .selectFrom('passkeys')
        .selectAll()
        .where('uuid', '=', uuid)
        .where('user_id', '=', user.id)
        .executeTakeFirst()
    : undefined;
  if (!row) throw new AppError('NOT_FOUND', PASSKEY_TEXTS.notFound);
  return row;
}

export async function renamePasskey(
  deps: AppDeps,
  user: SessionUser,
  uuid: string,
  name: string,
): Promise<PasskeyOutput> {
  await enforceRateLimit(deps.rateLimiter, `passkeys:rename:${user.id}`, 30, 60);
  const row = await ownPasskey(deps, user, uuid);
  const updated = await deps.db
    .updateTable('passkeys')
    .set({ name })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toPasskeyOutput(updated);
}

/**
 * Removes a passkey. The last one, while two-factor is off, needs the current password or a
 * current authentication code: a stolen session alone cannot strip the account of it.
 */
export async function removePasskey(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  uuid: string,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<void> {
  await enforceRateLimit(deps.rateLimiter, `passkeys:remove:${user.id}`, 10, 60);
  const row = await ownPasskey(deps, user, uuid);
  const others = await deps.db
    .selectFrom('passkeys')
    .select('id')
    .where('user_id', '=', user.id)
    .where('id', '<>', row.id)
    .limit(1)
    .executeTakeFirst();
  if (!others && !user.two_factor_enabled) await requireProof(deps, req, user, proof);
  const deleted = await deps.db.deleteFrom('passkeys').where('id', '=', row.id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError('NOT_FOUND', PASSKEY_TEXTS.notFound);
  await noticePasskeyChange(deps, req, user, 'removed', row.name);
}

async function requireProof(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<void> {
  const fail = (message: string) =>
    new AppError('VALIDATION_ERROR', message, {
      errors: { [proof.code && !proof.password ? 'code' : 'password']: [message] },
    });
  if (!proof.password && !proof.code) throw fail(PASSKEY_TEXTS.proofRequired);
  await enforceRateLimit(deps.rateLimiter, `passkeys:remove-proof:${user.id}`, 5, 60);
  if (proof.password) {
    if (!(await verifyPassword(user.password_hash, proof.password))) {
      throw fail(PASSKEY_TEXTS.wrongProof);
    }
    return;
  }
  const check = await checkUserTwoFactorCode(deps, user.id, proof.code!, 'totp', req);
  if (check === 'reused') throw fail(REUSED_CODE_TEXT);
  if (check !== 'ok') throw fail(PASSKEY_TEXTS.wrongProof);
}
