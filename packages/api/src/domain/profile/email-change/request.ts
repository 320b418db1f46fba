import type { ClientInfo } from '../../../core/client-info';
import type { AppDeps } from '../../../core/app-deps';
import { AppError, validationError } from '../../../core/errors';
import { generateToken, sha256Hex } from '../../../core/tokens';
import { recordActivity } from '../../activity';
import { ACCOUNT_MESSAGES, checkCurrentPassword } from '../../accounts';
import { renderEmail } from '../../../core/mail/render-email';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import type { SessionUser } from '../../sessions';
import { appBase, sendConfirmationLink } from './confirmation-link';
import { emailBelongsToAnother, pendingEmailChange } from './pending';
import { EMAIL_CHANGE_TEXTS, LIFETIME_MS, type PendingEmailChange } from './texts';

type Req = ClientInfo;

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
  await checkCurrentPassword(deps, req, user, currentPassword, {
    bucket: 'profile:email-change',
    field: 'current_password',
    wrong: EMAIL_CHANGE_TEXTS.wrongCurrentPassword,
    missing: EMAIL_CHANGE_TEXTS.currentPasswordRequired,
    failure: {
      action: 'profile.email_change_failed',
      description: 'Failed email change (wrong current password)',
    },
  });
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
