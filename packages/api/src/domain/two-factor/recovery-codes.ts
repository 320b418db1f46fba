import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { countRows } from '../../core/matching-rows';
import { noticeSecurityChange } from '../security-notices';
import type { SessionUser } from '../sessions';
import { hashRecoveryCode } from '../../core/crypto';
import { RECOVERY_CODE_COUNT, generateRecoveryCode } from './totp';
import { requirePassword, type Req } from './require-password';
import { TWO_FACTOR_TEXTS } from './texts';

export function unusedRecoveryCount(deps: AppDeps, userId: number): Promise<number> {
  return countRows(
    deps.db
      .selectFrom('two_factor_recovery_codes')
      .where('user_id', '=', userId)
      .where('used_at', 'is', null),
  );
}
export async function replaceRecoveryCodes(
  deps: AppDeps,
  userId: number,
  trx: AppDeps['db'] = deps.db,
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(generateRecoveryCode());
  const list = [...codes];
  await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('two_factor_recovery_codes')
    .values(
      list.map((code) => ({
        user_id: userId,
        code_hash: hashRecoveryCode(deps.config.appKey, code),
        used_at: null,
        created_at: deps.clock.now(),
      })),
    )
    .execute();
  return list;
}
export async function regenerateRecoveryCodes(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  password: string,
): Promise<{ recovery_codes: string[] }> {
  if (!user.two_factor_enabled) throw new AppError('BAD_REQUEST', TWO_FACTOR_TEXTS.notEnabled);
  await requirePassword(deps, user, password, 'recovery-codes');
  const codes = await deps.db
    .transaction()
    .execute((trx) => replaceRecoveryCodes(deps, user.id, trx));
  await noticeSecurityChange(deps, req, user, {
    action: 'two_factor.recovery_codes_regenerated',
    description: 'Generated new two-factor recovery codes',
    severity: 'medium',
    kind: 'two-factor-recovery-codes',
    subject: 'New recovery codes generated',
    paragraphs: [
      'New two-factor recovery codes were generated for your account. The previous codes no longer work.',
    ],
  });
  return { recovery_codes: codes };
}
