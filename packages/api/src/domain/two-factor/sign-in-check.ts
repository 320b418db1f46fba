import type { AppDeps } from '../../core/app-deps';
import { recordActivity } from '../activity';
import { sendSecurityNotice } from '../security-notices';
import { decryptSecret, hashRecoveryCode } from '../../core/crypto';
import { matchTotpStep, normalizeRecoveryCode } from './totp';
import { unusedRecoveryCount } from './recovery-codes';
import type { Req } from './require-password';

/** The outcome of a sign-in code check: accepted, wrong, or right but already used (replay). */
export type TwoFactorCodeCheck = 'ok' | 'invalid' | 'reused';

/**
 * The sign-in check: a TOTP code (±1 step, refusing the last accepted step and earlier ones) or
 * an unused recovery code (consumed). Only for users with two-factor on. A TOTP code that matches
 * a step already accepted (the code that just turned two-factor on, or just signed in) answers
 * 'reused', so the user is told to wait for the next code instead of "invalid".
 */
export async function checkTwoFactorCodeForUser(
  deps: AppDeps,
  userId: number,
  code: string,
  type: 'totp' | 'recovery',
  req: Req | null = null,
): Promise<TwoFactorCodeCheck> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'two_factor_enabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user?.two_factor_enabled) return 'invalid';
  if (type === 'totp') {
    const row = await deps.db
      .selectFrom('two_factor_secrets')
      .select(['secret_encrypted', 'last_used_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row?.secret_encrypted) return 'invalid';
    const secret = decryptSecret(deps.config.appKey, row.secret_encrypted);
    const last = row.last_used_step === null ? null : Number(row.last_used_step);
    const now = deps.clock.now();
    const step = matchTotpStep(secret, code.trim(), now, last);
    if (step === null) {
      // Right code, but of a step already accepted: the replay block.
      return last !== null && matchTotpStep(secret, code.trim(), now, null) !== null
        ? 'reused'
        : 'invalid';
    }
    // Compare-and-set: of two racing requests with the same code only one wins.
    const updated = await deps.db
      .updateTable('two_factor_secrets')
      .set({ last_used_step: step, updated_at: now })
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', String(step))]),
      )
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1 ? 'ok' : 'reused';
  }
  const normalized = normalizeRecoveryCode(code);
  if (!/^[A-Z0-9]{8}$/.test(normalized)) return 'invalid';
  const used = await deps.db
    .updateTable('two_factor_recovery_codes')
    .set({ used_at: deps.clock.now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(deps.config.appKey, normalized))
    .where('used_at', 'is', null)
    .returning(['id'])
    .executeTakeFirst();
  if (!used) return 'invalid';
  const remaining = await unusedRecoveryCount(deps, userId);
  await recordActivity(deps, req, {
    userId,
    type: 'security',
    action: 'two_factor.recovery_code_used',
    description: 'Signed in with a two-factor recovery code',
    severity: 'medium',
  });
  await sendSecurityNotice(deps, user, {
    kind: 'two-factor-recovery-code-used',
    subject: 'A recovery code was used to sign in',
    paragraphs: [
      'One of your two-factor recovery codes was just used to sign in to your account.',
      `Recovery codes remaining: ${remaining}. You can generate new codes from your security settings.`,
    ],
  });
  return 'ok';
}

/** The same check as a yes/no answer. */
export async function verifyTwoFactorCodeForUser(
  deps: AppDeps,
  userId: number,
  code: string,
  type: 'totp' | 'recovery',
  req: Req | null = null,
): Promise<boolean> {
  return (await checkTwoFactorCodeForUser(deps, userId, code, type, req)) === 'ok';
}
