import type { ClientInfo } from '../../../core/client-info';
import type { AppDeps } from '../../../core/app-deps';
import { AppError } from '../../../core/errors';
import { constantTimeEqual, sha256Hex } from '../../../core/tokens';
import { recordActivity } from '../../activity';
import { dropPendingChangesTo, endResetLinks } from '../../accounts';
import { renderEmail } from '../../../core/mail/render-email';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import type { SessionUser } from '../../sessions';
import { appBase } from './confirmation-link';
import { emailBelongsToAnother } from './pending';
import { EMAIL_CHANGE_TEXTS } from './texts';
import { isUniqueViolation } from '../../../core/unique-violation';
import { consumeSingleUseRow } from '../../../core/single-use-rows';

type Req = ClientInfo;

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
      if (!(await consumeSingleUseRow(trx, 'email_changes', user.id, row.token_hash)))
        throw invalid();
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
