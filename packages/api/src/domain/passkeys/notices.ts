import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { recordActivity } from '../activity';
import { sendSecurityNotice } from '../security-notices';

type Req = ClientInfo;
type User = { id: number; email: string; name: string };

/** Activity entry and security e-mail: a passkey was added to the account. */
export async function noticePasskeyAdded(deps: AppDeps, req: Req, user: User, name: string) {
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'passkey.added',
    description: `Added a passkey ("${name}")`,
    severity: 'medium',
  });
  await sendSecurityNotice(deps, user, {
    kind: 'passkey-added',
    subject: 'A passkey was added to your account',
    paragraphs: [
      `A passkey named "${name}" was added to your account. It can now be used to sign in without your password.`,
    ],
  });
}

/** Activity entry and security e-mail: a passkey was removed. */
export async function noticePasskeyRemoved(deps: AppDeps, req: Req, user: User, name: string) {
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action: 'passkey.removed',
    description: `Removed a passkey ("${name}")`,
    severity: 'high',
  });
  await sendSecurityNotice(deps, user, {
    kind: 'passkey-removed',
    subject: 'A passkey was removed from your account',
    paragraphs: [`The passkey named "${name}" was removed and can no longer be used to sign in.`],
  });
}

/** Activity entry (a sign-in) and security e-mail: a passkey was used to sign in. */
export async function noticePasskeyUsed(
  deps: AppDeps,
  req: Req,
  user: User,
  name: string,
  step: 'sign-in' | 'second-factor',
) {
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'login',
    action: 'login.success',
    description:
      step === 'sign-in'
        ? `Signed in with a passkey ("${name}")`
        : `Signed in with a password and a passkey ("${name}")`,
  });
  await sendSecurityNotice(deps, user, {
    kind: 'passkey-used',
    subject: 'A passkey was used to sign in',
    paragraphs: [`Your passkey named "${name}" was just used to sign in to your account.`],
  });
}
