import type { ClientInfo } from '../../../core/client-info';
import type { AppDeps } from '../../../core/app-deps';
import { AppError } from '../../../core/errors';
import { sha256Hex } from '../../../core/tokens';
import { recordActivity } from '../../activity';
import { enforceRateLimit } from '../../../core/rate-limit/rate-limiter';
import type { SessionUser } from '../../sessions';
import { EMAIL_CHANGE_TEXTS } from './texts';

type Req = ClientInfo;

/** Deletes the pending change `by` names; its user and new address, or undefined when none. */
function dropPendingChange(deps: AppDeps, by: { user_id: number } | { cancel_token_hash: string }) {
  return deps.db
    .deleteFrom('email_changes')
    .where((eb) => eb.and(by))
    .returning(['user_id', 'new_email'])
    .executeTakeFirst();
}

/** The signed-in user drops their pending change. */
export async function cancelEmailChange(deps: AppDeps, req: Req, user: SessionUser) {
  const row = await dropPendingChange(deps, { user_id: user.id });
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
  const row = await dropPendingChange(deps, { cancel_token_hash: sha256Hex(token) });
  if (!row) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_TEXTS.invalidLink);
  await recordActivity(deps, req, {
    userId: row.user_id,
    type: 'security',
    action: 'profile.email_change_cancelled',
    description: `Cancelled the email change to ${row.new_email} from the link sent to the current address`,
    severity: 'medium',
  });
}
