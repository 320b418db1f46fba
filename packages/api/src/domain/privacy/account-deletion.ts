import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { ACCOUNT_RESTORE_DAYS, PRIVACY_TEXTS } from '../../contracts/privacy';
import { AppError } from '../../core/errors';
import { generateToken, sha256Hex } from '../../core/tokens';
import {
  checkCurrentPassword,
  dropPendingEmailChange,
  endLoginChallenges,
  endResetLinks,
  revokeAllApiTokens,
} from '../accounts';
import { recordActivity } from '../activity';
import { renderEmail } from '../../core/mail/render-email';
import { enforceRateLimit } from '../../core/rate-limit/rate-limiter';
import { revokeUserSessions, type SessionUser } from '../sessions';
import { endMemberships } from '../memberships';
import { DAY_MS } from '../../core/durations';

type Req = ClientInfo;
const LIVE_SUBSCRIPTION = ['active', 'past_due'] as const;

/** The address a deleted account's row carries meanwhile: unique, undeliverable, not personal. */
export const placeholderEmail = (uuid: string) => `deleted-${uuid}@deleted.invalid`;

/**
 * Organizations the person alone owns that still have other members or a live subscription (one
 * already closing does not block: closing it is what the person is asked to do).
 */
export async function blockingOrganizations(
  db: Kysely<Database>,
  userId: number,
): Promise<{ uuid: string; name: string }[]> {
  return db
    .selectFrom('organizations as o')
    .select(['o.uuid', 'o.name'])
    .where('o.owner_id', '=', userId)
    .where('o.status', 'not in', ['closing', 'closed'])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('organization_members as m')
            .select('m.user_id')
            .whereRef('m.organization_id', '=', 'o.id')
            .where('m.user_id', '!=', userId),
        ),
        eb.exists(
          eb
            .selectFrom('subscriptions as s')
            .select('s.id')
            .whereRef('s.organization_id', '=', 'o.id')
            .where('s.status', 'in', LIVE_SUBSCRIPTION),
        ),
      ]),
    )
    .orderBy('o.name')
    .execute();
}

/**
 * DELETE /user: with the password and `confirm: "DELETE"`. At once: every session and API token
 * revoked, passkeys removed, pending invitations withdrawn, memberships ended (member.removed),
 * the address moved off the account (sign-in, resets and passkeys find nothing), and a restore
 * link valid 30 days e-mailed. The purge job finishes the job after 30 days.
 */
export async function deleteAccount(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  password: string,
): Promise<void> {
  await checkCurrentPassword(deps, req, user, password, {
    bucket: 'user:delete',
    field: 'password',
    wrong: PRIVACY_TEXTS.wrongPassword,
  });
  const blocking = await blockingOrganizations(deps.db, user.id);
  if (blocking.length > 0) {
    throw new AppError('CONFLICT', PRIVACY_TEXTS.soleOwner(blocking.map((o) => o.name)), {
      extra: { organizations: blocking },
    });
  }
  const now = deps.clock.now();
  const token = generateToken(32);
  await deps.db.transaction().execute(async (trx) => {
    await endMemberships(deps, trx, { userId: user.id });
    await trx
      .updateTable('organization_invitations')
      .set({ revoked_at: now })
      .where((eb) => eb.or([eb('invited_by', '=', user.id), eb('email', '=', user.email)]))
      .where('accepted_at', 'is', null)
      .where('declined_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await revokeUserSessions({ db: trx, clock: deps.clock }, user.id);
    await revokeAllApiTokens(trx, now, user.id);
    await trx.deleteFrom('passkeys').where('user_id', '=', user.id).execute();
    await endResetLinks(trx, user.id);
    await endLoginChallenges(trx, user.id);
    await dropPendingEmailChange(trx, user.id);
    await trx
      .updateTable('users')
      .set({ email: placeholderEmail(user.uuid), updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await trx
      .insertInto('account_deletions')
      .values({
        user_id: user.id,
        email: user.email,
        restore_token_hash: sha256Hex(token),
        deleted_at: now,
        purge_after: new Date(now.getTime() + ACCOUNT_RESTORE_DAYS * DAY_MS),
      })
      .execute();
    await recordActivity(
      deps,
      req,
      {
        userId: user.id,
        type: 'security',
        action: 'account.deleted',
        description: 'Deleted the account',
        severity: 'high',
      },
      trx,
    );
    const url = `${deps.config.appUrl}/restore-account?token=${encodeURIComponent(token)}`;
    const { html, text } = renderEmail(
      {
        title: PRIVACY_TEXTS.accountDeletedSubject,
        paragraphs: [
          `Hello ${user.name},`,
          'Your account was deleted: you have been signed out everywhere, your API tokens and passkeys no longer work and you have left your organizations.',
          `If this was a mistake, you can restore the account within ${ACCOUNT_RESTORE_DAYS} days with the link below, then sign in with your password. After that, your personal data is erased for good.`,
        ],
        action: { label: 'Restore my account', url },
        footnote:
          'If you did not delete your account, restore it and change your password at once.',
      },
      deps.config.productShortName,
    );
    await deps.mailer.send(
      {
        to: user.email,
        subject: PRIVACY_TEXTS.accountDeletedSubject,
        html,
        text,
        kind: 'account-deleted',
        userId: user.id,
      },
      trx,
    );
  });
}

/** POST /auth/restore-account { token }: within 30 days, the account gets its address back. */
export async function restoreAccount(deps: AppDeps, req: Req, token: string): Promise<void> {
  await enforceRateLimit(deps.rateLimiter, `restore-account:${req.ip ?? 'unknown'}`, 10, 60);
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom('account_deletions')
    .selectAll()
    .where('restore_token_hash', '=', sha256Hex(token))
    .where('purged_at', 'is', null)
    .where('purge_after', '>', now)
    .executeTakeFirst();
  if (!row || !row.email) throw new AppError('NOT_FOUND', PRIVACY_TEXTS.restoreInvalid);
  const email = row.email;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ email, updated_at: now })
      .where('id', '=', row.user_id)
      .execute();
    await trx.deleteFrom('account_deletions').where('user_id', '=', row.user_id).execute();
    await recordActivity(
      deps,
      req,
      {
        userId: row.user_id,
        type: 'security',
        action: 'account.restored',
        description: 'Restored the account',
        severity: 'high',
      },
      trx,
    );
  });
}
