import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { loadQrCode } from '../../core/lazy-module';
import { noticeSecurityChange } from '../security-notices';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import type { SessionUser } from '../sessions';
import { decryptSecret, encryptSecret } from '../../core/crypto';
import { generateTotpSecret, matchTotpStep, provisioningUrl } from './totp';
import { replaceRecoveryCodes, unusedRecoveryCount } from './recovery-codes';
import { requirePassword, type Req } from './require-password';
import { TWO_FACTOR_TEXTS } from './texts';

export async function getTwoFactorStatus(
  deps: AppDeps,
  user: SessionUser,
): Promise<{ confirmed: boolean; recovery_codes_count: number }> {
  const confirmed = user.two_factor_enabled;
  return {
    confirmed,
    recovery_codes_count: confirmed ? await unusedRecoveryCount(deps, user.id) : 0,
  };
}

/**
 * Step one: a new pending secret (replacing any earlier pending one), its URL and QR code. The
 * current password is required, as for disabling, so a stolen session cannot lock the owner out.
 */
export async function startTwoFactorSetup(
  deps: AppDeps,
  user: SessionUser,
  password: string,
): Promise<{ secret: string; qr_code_url: string; qr_code_svg: string }> {
  if (user.two_factor_enabled) throw new AppError('CONFLICT', TWO_FACTOR_TEXTS.alreadyEnabled);
  await requirePassword(deps, user, password, 'enable');
  const secret = generateTotpSecret();
  const encrypted = encryptSecret(deps.config.appKey, secret);
  const now = deps.clock.now();
  await deps.db
    .insertInto('two_factor_secrets')
    .values({
      user_id: user.id,
      secret_encrypted: null,
      pending_secret_encrypted: encrypted,
      confirmed_at: null,
      last_used_step: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ pending_secret_encrypted: encrypted, updated_at: now }),
    )
    .execute();
  const url = provisioningUrl(secret, deps.config.productName, user.email);
  const QRCode = await loadQrCode();
  const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret, qr_code_url: url, qr_code_svg: svg };
}
/** Step two: a valid code for the pending secret turns two-factor on; recovery codes shown once. */
export async function confirmTwoFactorSetup(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  if (user.two_factor_enabled) throw new AppError('CONFLICT', TWO_FACTOR_TEXTS.alreadyEnabled);
  await enforceRateLimit(deps.rateLimiter, `two-factor:confirm:${user.id}`, 5, 60);
  const row = await deps.db
    .selectFrom('two_factor_secrets')
    .select(['pending_secret_encrypted'])
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (!row?.pending_secret_encrypted)
    throw new AppError('BAD_REQUEST', TWO_FACTOR_TEXTS.noPendingSetup);
  const secret = decryptSecret(deps.config.appKey, row.pending_secret_encrypted);
  const step = matchTotpStep(secret, code, deps.clock.now(), null);
  if (step === null) {
    throw new AppError('VALIDATION_ERROR', TWO_FACTOR_TEXTS.invalidCode, {
      errors: { code: [TWO_FACTOR_TEXTS.invalidCode] },
    });
  }
  const codes = await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const updated = await trx
      .updateTable('two_factor_secrets')
      .set({
        secret_encrypted: row.pending_secret_encrypted,
        pending_secret_encrypted: null,
        confirmed_at: now,
        last_used_step: step,
        updated_at: now,
      })
      .where('user_id', '=', user.id)
      .where('pending_secret_encrypted', '=', row.pending_secret_encrypted)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1)
      throw new AppError('BAD_REQUEST', TWO_FACTOR_TEXTS.noPendingSetup);
    await trx
      .updateTable('users')
      .set({ two_factor_enabled: true, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    return replaceRecoveryCodes(deps, user.id, trx);
  });
  await noticeSecurityChange(deps, req, user, {
    action: 'two_factor.enabled',
    description: 'Enabled two-factor authentication',
    severity: 'medium',
    kind: 'two-factor-enabled',
    subject: 'Two-factor authentication enabled',
    paragraphs: [
      'Two-factor authentication is now on for your account. Signing in will ask for a code from your authenticator app.',
      'Keep your recovery codes somewhere safe: each one can be used once if you lose your device.',
    ],
  });
  return { recovery_codes: codes };
}
export async function disableTwoFactor(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  password: string,
): Promise<void> {
  if (!user.two_factor_enabled) throw new AppError('BAD_REQUEST', TWO_FACTOR_TEXTS.notEnabled);
  await requirePassword(deps, user, password, 'disable');
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('two_factor_secrets').where('user_id', '=', user.id).execute();
    await trx
      .updateTable('users')
      .set({ two_factor_enabled: false, updated_at: deps.clock.now() })
      .where('id', '=', user.id)
      .execute();
  });
  await noticeSecurityChange(deps, req, user, {
    action: 'two_factor.disabled',
    description: 'Disabled two-factor authentication',
    severity: 'high',
    kind: 'two-factor-disabled',
    subject: 'Two-factor authentication disabled',
    paragraphs: [
      'Two-factor authentication has been turned off for your account. Signing in now needs only your password.',
    ],
  });
}
