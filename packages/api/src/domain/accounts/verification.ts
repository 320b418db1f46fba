import { createHash, createHmac } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { UsersTable } from '@scmp/db';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { constantTimeEqual } from '../../core/tokens';
import { sendAccountMail } from './account-mail';
import { ACCOUNT_MESSAGES } from './messages';
import { isUuid } from '../../core/uuid';

const LINK_LIFETIME_MS = 60 * 60 * 1000;

type User = Pick<Selectable<UsersTable>, 'id' | 'uuid' | 'name' | 'email'>;

/** The {hash} part of the link: a digest of the address the link was sent to. */
export function emailHash(email: string): string {
  return createHash('sha1').update(email).digest('hex');
}

function signature(appKey: string, id: string, hash: string, expires: string): string {
  return createHmac('sha256', appKey).update(`verify-email|${id}|${hash}|${expires}`).digest('hex');
}

/** APP_URL/verify-email/{id}/{hash}?expires=…&signature=… (never built from the request host). */
export function buildVerificationUrl(deps: Pick<AppDeps, 'config' | 'clock'>, user: User): string {
  const id = user.uuid;
  const hash = emailHash(user.email);
  const expires = String(Math.floor((deps.clock.now().getTime() + LINK_LIFETIME_MS) / 1000));
  const sig = signature(deps.config.appKey, id, hash, expires);
  const base = deps.config.appUrl.replace(/\/+$/, '');
  return `${base}/verify-email/${id}/${hash}?expires=${expires}&signature=${sig}`;
}

export async function sendVerificationEmail(
  deps: Pick<AppDeps, 'config' | 'clock' | 'mailer'>,
  user: User,
): Promise<void> {
  const url = buildVerificationUrl(deps, user);
  await sendAccountMail(deps, user, 'verify-email', {
    title: 'Verify your email address',
    paragraphs: [
      `Hi ${user.name},`,
      `Thanks for signing up for ${deps.config.productName}. Please confirm your email address by clicking the button below.`,
      'This link expires in 60 minutes.',
    ],
    action: { label: 'Verify Email Address', url },
    footnote: 'If you did not create an account, no further action is required.',
  });
}

export type VerifyEmailInput = { id: string; hash: string; expires?: string; signature?: string };

/** Checks a verification link and marks the address verified. Any bad or expired part → 403. */
export async function verifyEmailLink(
  deps: Pick<AppDeps, 'db' | 'config' | 'clock'>,
  input: VerifyEmailInput,
): Promise<'verified' | 'already-verified'> {
  const invalid = () => new AppError('FORBIDDEN', ACCOUNT_MESSAGES.invalidVerificationLink);
  const { id, hash, expires, signature: sig } = input;
  if (!isUuid(id) || !expires || !sig || !/^\d{1,12}$/.test(expires)) throw invalid();
  const expected = signature(deps.config.appKey, id, hash, expires);
  if (!constantTimeEqual(expected, sig.toLowerCase())) throw invalid();
  if (Number(expires) * 1000 < deps.clock.now().getTime()) throw invalid();
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where('uuid', '=', id)
    .executeTakeFirst();
  if (!user || !constantTimeEqual(emailHash(user.email), hash)) throw invalid();
  if (user.email_verified_at) return 'already-verified';
  await deps.db
    .updateTable('users')
    .set({ email_verified_at: deps.clock.now(), updated_at: deps.clock.now() })
    .where('id', '=', user.id)
    .where('email_verified_at', 'is', null)
    .execute();
  return 'verified';
}
