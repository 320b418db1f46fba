import type { AppDeps } from '../../core/app-deps';
import { sendAccountMail } from './account-mail';

/**
 * The address now belongs to an account (a registration, or another account's confirmed change):
 * every other pending change to it is dropped, and each account that asked is told why. It lives
 * with the accounts (registration claims addresses too); the profile's e-mail change calls it.
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
    await sendAccountMail(deps, user, 'email-change-dropped', {
      title: 'Your email change was cancelled',
      paragraphs: [
        `Hi ${user.name},`,
        `Your request to change your email address to ${email} was cancelled: that address now belongs to another account. Your account keeps ${user.email}.`,
      ],
      action: {
        label: 'Open your profile',
        url: `${deps.config.appUrl.replace(/\/+$/, '')}/dashboard/profile`,
      },
    });
  }
}
