import type { AppDeps } from '../../core/app-deps';
import { renderEmail } from '../../core/mail/render-email';

/** A security notice to the user (always sent, whatever the notification preferences say). */
export async function sendSecurityNotice(
  deps: AppDeps,
  user: { id: number; email: string; name: string },
  notice: { kind: string; subject: string; paragraphs: string[]; to?: string },
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
