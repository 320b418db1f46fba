import type { AppDeps } from '../../../core/app-deps';
import { renderEmail } from '../../../core/mail/render-email';
import type { SessionUser } from '../../sessions';
import { EMAIL_CHANGE_LIFETIME_HOURS } from './texts';

export const appBase = (deps: Pick<AppDeps, 'config'>) => deps.config.appUrl.replace(/\/+$/, '');

export async function sendConfirmationLink(
  deps: AppDeps,
  user: Pick<SessionUser, 'id' | 'name' | 'email'>,
  newEmail: string,
  token: string,
): Promise<void> {
  const url = `${appBase(deps)}/confirm-email-change?token=${encodeURIComponent(token)}`;
  const { html, text } = renderEmail(
    {
      title: 'Confirm your new email address',
      paragraphs: [
        `Hi ${user.name},`,
        `You asked to change the email address of your ${deps.config.productShortName} account from ${user.email} to ${newEmail}. Open the link below, signed in to that account, to confirm it.`,
        `This link expires in ${EMAIL_CHANGE_LIFETIME_HOURS} hours and can be used once. Until then the account keeps its current address.`,
      ],
      action: { label: 'Confirm Email Address', url },
      footnote:
        'If you did not ask for this, ignore this email: your address will not be added to any account.',
    },
    deps.config.productShortName,
  );
  await deps.mailer.send({
    to: newEmail,
    subject: 'Confirm your new email address',
    html,
    text,
    kind: 'email-change-confirm',
    userId: user.id,
  });
}
