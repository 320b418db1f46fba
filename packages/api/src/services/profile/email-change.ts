import type { Context } from '../../request-context';
import type { AppDeps } from '../../app-deps';
import { AppError, validationError } from '../../errors';
import { constantTimeEqual, generateToken, sha256Hex } from '../../lib/tokens';
import { recordActivity } from '../activity/record-activity';
import { endResetLinks } from '../accounts/credentials';
import { ACCOUNT_MESSAGES } from '../accounts/messages';
import { renderEmail } from '../mail/render-email';
import { verifyPassword } from '../passwords';
import { enforceRateLimit } from '../rate-limit/rate-limiter';
import type { SessionUser } from '../sessions';

type Req = Pick<Context['req'], 'ip' | 'userAgent'>;

/** How long the confirmation link sent to the new address lives. */
export const EMAIL_CHANGE_LIFETIME_HOURS = 24;
const LIFETIME_MS = EMAIL_CHANGE_LIFETIME_HOURS * 60 * 60 * 1000;

export const EMAIL_CHANGE_TEXTS = {
  pending: (email: string) =>
    `We sent a confirmation link to ${email}. Your email address changes when you open it.`,
  currentPasswordRequired: 'Enter your current password to change your email address.',
  wrongCurrentPassword: 'The current password is incorrect.',
  confirmed: (email: string) => `Your email address is now ${email}.`,
  invalidLink: 'This email change link is invalid or has expired.',
  taken: 'This email address now belongs to another account, so the email change was cancelled.',
  resent: (email: string) => `We sent a new confirmation link to ${email}.`,
  nothingPending: 'There is no pending email change.',
  cancelled: 'The email change was cancelled. Your email address stays the same.',
} as const;

export type PendingEmailChange = { email: string; expires_at: string };

/** The user's pending (unexpired) e-mail change, if any. */
export async function pendingEmailChange(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
): Promise<PendingEmailChange | null> {
  const row = await deps.db
    .selectFrom('email_changes')
    .select(['new_email', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', deps.clock.now())
    .executeTakeFirst();
  return row ? { email: row.new_email, expires_at: new Date(row.expires_at).toISOString() } : null;
}

async function emailBelongsToAnother(deps: Pick<AppDeps, 'db'>, email: string, userId: number) {
  const row = await deps.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .where('id', '!=', userId)
    .executeTakeFirst();
  return Boolean(row);
}

const appBase = (deps: Pick<AppDeps, 'config'>) => deps.config.appUrl.replace(/\/+$/, '');

async function sendConfirmationLink(
  deps: AppDeps,
  user: Pick<SessionUser, 'id' | 'name' | 'email'>,
  newEmail: string,
  token: string,
): Promise<void> {
  const url = `${appBase(deps)}/confirm-email-change?token=${encodeURIComponent(token)}`;
  const { html, text } = renderEmail(
    {
      title: 'Confirm your new email address',
      paragraphs: [
        `Hi ${user.name},`,
        `You asked to change the email address of your ${deps.config.productShortName} account from ${user.email} to ${newEmail}. Open the link below, signed in to that account, to confirm it.`,
        `This link expires in ${EMAIL_CHANGE_LIFETIME_HOURS} hours and can be used once. Until then the account keeps its current address.`,
      ],
      action: { label: 'Confirm Email Address', url },
      footnote:
        'If you did not ask for this, ignore this email: your address will not be added to any account.',
    },
    deps.config.productShortName,
  );
  await deps.mailer.send({
    to: newEmail,
    subject: 'Confirm your new email address',
    html,
    text,
    kind: 'email-change-confirm',
    userId: user.id,
  });
}

/**
 * Records a pending change to `newEmail` after checking the current password, mails the
 * confirmation link to the new address and a notice with a cancel link to the current one. The
 * account keeps its address until the link is opened; a newer request replaces an older one.
 */
export async function requestEmailChange(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  newEmail: string,
  currentPassword: string | undefined,
): Promise<PendingEmailChange> {
  await enforceRateLimit(deps.rateLimiter, `profile:email-change:${user.id}`, 5, 60);
  if (!currentPassword) {
    throw validationError('current_password', EMAIL_CHANGE_TEXTS.currentPasswordRequired);
  }
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'security',
      action: 'profile.email_change_failed',
      description: 'Failed email change (wrong current password)',
      severity: 'medium',
    });
    throw validationError('current_password', EMAIL_CHANGE_TEXTS.wrongCurrentPassword);
  }
  if (await emailBelongsToAnother(deps, newEmail, user.id)) {
    throw validationError('email', ACCOUNT_MESSAGES.emailTaken);
  }
  const token = generateToken(32);
  const cancelToken = generateToken(32);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS);
  const values = {
    new_email: newEmail,
    token_hash: sha256Hex(token),
    cancel_token_hash: sha256Hex(cancelToken),
    created_at: now,
    expires_at: expiresAt,
  };
  await deps.db
    .insertInto('email_changes')
    .values({ user_id: user.id, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  await sendConfirmationLink(deps, user, newEmail, token);
  const cancelUrl = `${appBase(deps)}/cancel-email-change?token=${encodeURIComponent(cancelToken)}`;
  const { html, text } = renderEmail(
    {
      title: 'Someone asked to change your email address',
      paragraphs: [
        `Hi ${user.name},`,
        `A change of the email address of your account from ${user.email} to ${newEmail} was requested. It takes effect only when the link sent to ${newEmail} is opened; until then your account keeps ${user.email}.`,
        'If this was not you, cancel the change with the button below, then reset your password: a reset signs out every device and revokes every API token.',
        `Reset your password: ${appBase(deps)}/forgot-password`,
      ],
      action: { label: 'Cancel the Email Change', url: cancelUrl },
      footnote: 'If you asked for this change, no action is needed.',
    },
    deps.config.productShortName,
  );
  await deps.mailer.send({
    to: user.email,
    subject: 'Someone asked to change your email address',
    html,
    text,
    kind: 'email-change-requested',
    userId: user.id,
  });
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'profile',
    action: 'profile.email_change_requested',
    description: `Asked to change the email address to ${newEmail}`,
    severity: 'medium',
  });
  return { email: newEmail, expires_at: expiresAt.toISOString() };
}

function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

/**
 * Opens the confirmation link (signed in as the account that asked): the address changes and is
 * verified, outstanding reset links end, other accounts' pending changes to it are dropped, and
 * the old address is told. Single use; refused when the address went to another account first.
 */
export async function confirmEmailChange(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  token: string,
): Promise<SessionUser> {
  await enforceRateLimit(deps.rateLimiter, `profile:email-change-confirm:${user.id}`, 10, 60);
  const invalid = () => new AppError('BAD_REQUEST', EMAIL_CHANGE_TEXTS.invalidLink);
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom('email_changes')
    .selectAll()
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (
    !row ||
    !constantTimeEqual(row.token_hash, sha256Hex(token)) ||
    new Date(row.expires_at).getTime() <= now.getTime()
  ) {
    throw invalid();
  }
  const taken = async () => {
    await deps.db
      .deleteFrom('email_changes')
      .where('user_id', '=', user.id)
      .where('token_hash', '=', row.token_hash)
      .execute();
    return new AppError('CONFLICT', EMAIL_CHANGE_TEXTS.taken);
  };
  if (await emailBelongsToAnother(deps, row.new_email, user.id)) throw await taken();
  let updated: SessionUser;
  try {
    updated = await deps.db.transaction().execute(async (trx) => {
      // Single use: only the request that deletes the row goes on.
      const consumed = await trx
        .deleteFrom('email_changes')
        .where('user_id', '=', user.id)
        .where('token_hash', '=', row.token_hash)
        .executeTakeFirst();
      if (Number(consumed.numDeletedRows) === 0) throw invalid();
      const saved = await trx
        .updateTable('users')
        .set({ email: row.new_email, email_verified_at: now, updated_at: now })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await endResetLinks(trx, user.id);
      await recordActivity(
        deps,
        req,
        {
          userId: user.id,
          type: 'profile',
          action: 'profile.email_changed',
          description: `Changed email address from ${user.email} to ${row.new_email}`,
          severity: 'medium',
        },
        trx,
      );
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw await taken();
    throw error;
  }
  await dropPendingChangesTo(deps, row.new_email);
  const { html, text } = renderEmail(
    {
      title: 'Your email address was changed',
      paragraphs: [
        `Hello ${user.name},`,
        `The email address of your account was changed from ${user.email} to ${row.new_email}. Sign-in and notifications now use the new address.`,
        `If this was not you, reset your password at ${appBase(deps)}/forgot-password using the new address, or contact support.`,
      ],
      action: { label: 'Contact support', url: `${appBase(deps)}/contact` },
    },
    deps.config.productShortName,
  );
  await deps.mailer.send({
    to: user.email,
    subject: 'Your email address was changed',
    html,
    text,
    kind: 'email-changed',
    userId: user.id,
  });
  return updated;
}

/**
 * The address now belongs to an account (a registration, or another account's confirmed change):
 * every other pending change to it is dropped, and each account that asked is told why.
 */
export async function dropPendingChangesTo(
  deps: Pick<AppDeps, 'db' | 'config' | 'mailer'>,
  email: string,
): Promise<void> {
  const dropped = await deps.db
    .deleteFrom('email_changes')
    .where('new_email', '=', email)
    .returning('user_id')
    .execute();
  if (dropped.length === 0) return;
  const users = await deps.db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where(
      'id',
      'in',
      dropped.map((d) => d.user_id),
    )
    .where('email', '!=', email)
    .execute();
  for (const user of users) {
    const { html, text } = renderEmail(
      {
        title: 'Your email change was cancelled',
        paragraphs: [
          `Hi ${user.name},`,
          `Your request to change your email address to ${email} was cancelled: that address now belongs to another account. Your account keeps ${user.email}.`,
        ],
        action: { label: 'Open your profile', url: `${appBase(deps)}/dashboard/profile` },
      },
      deps.config.productShortName,
    );
    await deps.mailer.send({
      to: user.email,
      subject: 'Your email change was cancelled',
      html,
      text,
      kind: 'email-change-dropped',
      userId: user.id,
    });
  }
}

/** A new confirmation link for the pending change (the previous link stops working). */
export async function resendEmailChange(
  deps: AppDeps,
  user: SessionUser,
): Promise<PendingEmailChange> {
  await enforceRateLimit(deps.rateLimiter, `profile:email-change-resend:${user.id}`, 3, 60);
  const pending = await pendingEmailChange(deps, user.id);
  if (!pending) throw new AppError('NOT_FOUND', EMAIL_CHANGE_TEXTS.nothingPending);
  const token = generateToken(32);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + LIFETIME_MS);
  const updated = await deps.db
    .updateTable('email_changes')
    .set({ token_hash: sha256Hex(token), expires_at: expiresAt })
    .where('user_id', '=', user.id)
    .where('new_email', '=', pending.email)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    throw new AppError('NOT_FOUND', EMAIL_CHANGE_TEXTS.nothingPending);
  }
  await sendConfirmationLink(deps, user, pending.email, token);
  return { email: pending.email, expires_at: expiresAt.toISOString() };
}

/** The signed-in user drops their pending change. */
export async function cancelEmailChange(deps: AppDeps, req: Req, user: SessionUser) {
  const row = await deps.db
    .deleteFrom('email_changes')
    .where('user_id', '=', user.id)
    .returning('new_email')
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', EMAIL_CHANGE_TEXTS.nothingPending);
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'profile',
    action: 'profile.email_change_cancelled',
    description: `Cancelled the email change to ${row.new_email}`,
  });
}

/** The cancel link mailed to the current address: drops the pending change, no sign-in needed. */
export async function cancelEmailChangeByLink(deps: AppDeps, req: Req, token: string) {
  await enforceRateLimit(deps.rateLimiter, `email-change-cancel:${req.ip ?? 'unknown'}`, 10, 60);
  const row = await deps.db
    .deleteFrom('email_changes')
    .where('cancel_token_hash', '=', sha256Hex(token))
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
  if (!row) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_TEXTS.invalidLink);
  await recordActivity(deps, req, {
    userId: row.user_id,
    type: 'security',
    action: 'profile.email_change_cancelled',
    description: `Cancelled the email change to ${row.new_email} from the link sent to the current address`,
    severity: 'medium',
  });
}
