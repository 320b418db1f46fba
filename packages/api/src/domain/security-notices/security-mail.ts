import type { AppDeps } from '../../core/app-deps';
import type { ClientInfo } from '../../core/client-info';
import { renderEmail } from '../../core/mail/render-email';
import { recordActivity, type ActivityEntry } from '../activity';

type User = { id: number; email: string; name: string };
type SecurityNotice = { kind: string; subject: string; paragraphs: string[]; to?: string };
/** A security change: its activity-log line and its notice. */
export type SecurityChange = ActivityEntry & SecurityNotice;

/**
 * A change to the account's security made by the user: its line in their activity log (type
 * security) and the security notice about it.
 */
export async function noticeSecurityChange(
  deps: AppDeps,
  req: ClientInfo | null,
  user: User,
  change: SecurityChange,
): Promise<void> {
  const { action, description, severity, ...notice } = change;
  await recordActivity(deps, req, {
    userId: user.id,
    type: 'security',
    action,
    description,
    ...(severity ? { severity } : {}),
  });
  await sendSecurityNotice(deps, user, notice);
}

/** A security notice to the user (always sent, whatever the notification preferences say). */
export async function sendSecurityNotice(
  deps: AppDeps,
  user: User,
  notice: SecurityNotice,
): Promise<void> {
  const { html, text } = renderEmail(
    {
      title: notice.subject,
      paragraphs: [`Hello ${user.name},`, ...notice.paragraphs],
      action: {
        label: 'Review your security settings',
        url: `${deps.config.appUrl}/dashboard/security`,
      },
      footnote:
        'If you did not make this change, reset your password immediately and contact support.',
    },
    deps.config.productShortName,
  );
  await deps.mailer.send({
    to: notice.to ?? user.email,
    subject: notice.subject,
    html,
    text,
    kind: notice.kind,
    userId: user.id,
  });
}

/** What a change says in the activity log and the notice, but for its action and mail kind. */
export type SecurityChangeTexts = Omit<SecurityChange, 'action' | 'kind'>;

/**
 * One notice sender for the changes to one kind of thing (a passkey, an API token): `texts`
 * holds what each change says; its action is `<action>.<change>` and its mail kind
 * `<kind>-<change>`.
 */
export function securityChangeNotices<Change extends string, Thing>(
  names: { action: string; kind: string },
  texts: Record<Change, (thing: Thing) => SecurityChangeTexts>,
) {
  return (deps: AppDeps, req: ClientInfo | null, user: User, change: Change, thing: Thing) =>
    noticeSecurityChange(deps, req, user, {
      action: `${names.action}.${change}`,
      kind: `${names.kind}-${change}`,
      ...texts[change](thing),
    });
}
