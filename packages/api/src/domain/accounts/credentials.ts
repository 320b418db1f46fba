import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { noticeSecurityChange } from '../security-notices';

/**
 * What account-security events end (issue 39). A password reset ends every credential; a password
 * change, a confirmed e-mail change and a newer reset link each end the outstanding reset links.
 * Each helper takes the transaction the event runs in.
 */

/** Every outstanding password-reset link of the user stops working. */
export async function endResetLinks(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}

/** Open two-factor sign-in challenges (a password step already passed) stop working. */
export async function endLoginChallenges(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
}

/** The user's pending e-mail change (if any) is dropped; its links stop working. */
export async function dropPendingEmailChange(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom('email_changes').where('user_id', '=', userId).execute();
}

export type RevokedApiToken = { name: string; prefix: string };

/** Revokes every live API token of the user at once; returns what was revoked, oldest first. */
export async function revokeAllApiTokens(
  db: Kysely<Database>,
  now: Date,
  userId: number,
): Promise<RevokedApiToken[]> {
  const rows = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .returning(['id', 'name', 'prefix'])
    .execute();
  return rows.sort((a, b) => a.id - b.id).map(({ name, prefix }) => ({ name, prefix }));
}

/** Activity entry and e-mail to the owner naming every API token a security event revoked. */
export async function noticeApiTokensRevoked(
  deps: AppDeps,
  req: ClientInfo | null,
  user: { id: number; email: string; name: string },
  tokens: RevokedApiToken[],
  because: string,
): Promise<void> {
  if (tokens.length === 0) return;
  const list = tokens.map((t) => `"${t.name}" (${t.prefix}…)`).join(', ');
  await noticeSecurityChange(deps, req, user, {
    action: 'api_token.revoked_all',
    description: `Revoked ${tokens.length} API token${tokens.length === 1 ? '' : 's'} ${because}: ${list}`,
    severity: 'medium',
    kind: 'api-tokens-revoked',
    subject: 'Your API tokens were revoked',
    paragraphs: [
      `${tokens.length === 1 ? 'This API token was' : `These ${tokens.length} API tokens were`} revoked ${because} and can no longer be used:`,
      ...tokens.map((t) => `• ${t.name} (${t.prefix}…)`),
      'Create new tokens on the API tokens page of your profile for the integrations you still use.',
    ],
  });
}
