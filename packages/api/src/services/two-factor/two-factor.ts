import type { AppDeps } from '../../app-deps';
import type { Context } from '../../request-context';
import { AppError } from '../../errors';
import { loadQrCode } from '../../lib/lazy-module';
import { recordActivity } from '../activity/record-activity';
import { verifyPassword } from '../passwords';
import { sendSecurityNotice } from '../profile/security-mail';
import { enforceRateLimit } from '../rate-limit/rate-limiter';
import type { SessionUser } from '../sessions';
import { decryptSecret, encryptSecret, hashRecoveryCode } from './crypto';
import {
  RECOVERY_CODE_COUNT,
  generateRecoveryCode,
  generateTotpSecret,
  matchTotpStep,
  normalizeRecoveryCode,
  provisioningUrl,
} from './totp';

export const TWO_FACTOR_TEXTS = {
  invalidCode: 'Invalid verification code',
  /** A right code of a time step already accepted (the replay block): say so, not "invalid". */
  reusedCode: 'This code was just used — wait for the next one',
  alreadyEnabled: 'Two-factor authentication is already enabled.',
  notEnabled: 'Two-factor authentication is not enabled.',
  noPendingSetup: 'Start the two-factor setup first.',
  wrongPassword: 'The password is incorrect.',
  setupStarted: 'Scan the QR code with your authenticator app.',
  enabled: 'Two-factor authentication has been enabled successfully!',
  disabled: 'Two-factor authentication has been disabled.',
  regenerated: 'New recovery codes generated successfully!',
} as const;

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;

async function unusedRecoveryCount(deps: AppDeps, userId: number): Promise<number> {
  const row = await deps.db
    .selectFrom('two_factor_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

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

async function replaceRecoveryCodes(
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
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'two_factor.enabled',
    description: 'Enabled two-factor authentication',
    severity: 'medium',
  });
  await sendSecurityNotice(deps, user, {
    kind: 'two-factor-enabled',
    subject: 'Two-factor authentication enabled',
    paragraphs: [
      'Two-factor authentication is now on for your account. Signing in will ask for a code from your authenticator app.',
      'Keep your recovery codes somewhere safe: each one can be used once if you lose your device.',
    ],
  });
  return { recovery_codes: codes };
}

async function requirePassword(
  deps: AppDeps,
  user: SessionUser,
  password: string,
  action: string,
): Promise<void> {
  await enforceRateLimit(deps.rateLimiter, `two-factor:${action}:${user.id}`, 5, 60);
  if (!(await verifyPassword(user.password_hash, password))) {
    throw new AppError('VALIDATION_ERROR', TWO_FACTOR_TEXTS.wrongPassword, {
      errors: { password: [TWO_FACTOR_TEXTS.wrongPassword] },
    });
  }
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
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'two_factor.disabled',
    description: 'Disabled two-factor authentication',
    severity: 'high',
  });
  await sendSecurityNotice(deps, user, {
    kind: 'two-factor-disabled',
    subject: 'Two-factor authentication disabled',
    paragraphs: [
      'Two-factor authentication has been turned off for your account. Signing in now needs only your password.',
    ],
  });
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
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'two_factor.recovery_codes_regenerated',
    description: 'Generated new two-factor recovery codes',
    severity: 'medium',
  });
  await sendSecurityNotice(deps, user, {
    kind: 'two-factor-recovery-codes',
    subject: 'New recovery codes generated',
    paragraphs: [
      'New two-factor recovery codes were generated for your account. The previous codes no longer work.',
    ],
  });
  return { recovery_codes: codes };
}

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
