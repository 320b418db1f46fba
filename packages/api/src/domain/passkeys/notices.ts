import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { recordActivity } from '../activity';
import { securityChangeNotices, sendSecurityNotice } from '../security-notices';

type Req = ClientInfo;
type User = { id: number; email: string; name: string };
/**
 * Activity entry and security e-mail: a passkey (by its name) was added to or removed from the
 * account.
 */
export const noticePasskeyChange = securityChangeNotices(
  { action: 'passkey', kind: 'passkey' },
  {
    added: (name: string) => ({
      description: `Added a passkey ("${name}")`,
      severity: 'medium',
      subject: 'A passkey was added to your account',
      paragraphs: [
        `A passkey named "${name}" was added to your account. It can now be used to sign in without your password.`,
      ],
    }),
    removed: (name: string) => ({
      description: `Removed a passkey ("${name}")`,
      severity: 'high',
      subject: 'A passkey was removed from your account',
      paragraphs: [`The passkey named "${name}" was removed and can no longer be used to sign in.`],
    }),
  },
);

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
