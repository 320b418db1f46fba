import type { AppDeps } from '../../core/app-deps';
import { emailBrandingFor } from '../public-branding';
import type { OutgoingMail } from '../../core/mail/outbox';
import { renderEmail, type EmailContent } from '../../core/mail/render-email';

/**
 * An e-mail sent on an organization's behalf: white-labelled with its branding's e-mail header and
 * footer (or SCMP's). Built before a transaction (it reads the branding) and handed to
 * deps.mailer.send inside it, so the outbox row commits with the change it reports.
 */
export async function organizationMail(
  deps: AppDeps,
  organizationId: number,
  mail: Omit<OutgoingMail, 'html' | 'text'>,
  content: Omit<EmailContent, 'brandHeaderHtml' | 'brandFooterHtml'>,
): Promise<OutgoingMail> {
  const brand = await emailBrandingFor(deps, { organizationId });
  const { html, text } = renderEmail(
    { ...content, brandHeaderHtml: brand.brandHeaderHtml, brandFooterHtml: brand.brandFooterHtml },
    brand.companyName,
  );
  return { ...mail, html, text };
}

/**
 * Tells one person about something that happened to the organization's settings: "Hello <name>,",
 * the paragraphs, and a button to the page where it can be seen.
 */
export async function sendOrganizationNotice(
  deps: AppDeps,
  organizationId: number,
  recipient: { id: number; email: string; name: string },
  notice: { kind: string; subject: string; paragraphs: string[]; action: EmailContent['action'] },
): Promise<void> {
  const { kind, subject, paragraphs, action } = notice;
  const mail = await organizationMail(
    deps,
    organizationId,
    { to: recipient.email, subject, kind, userId: recipient.id },
    { title: subject, paragraphs: [`Hello ${recipient.name},`, ...paragraphs], action },
  );
  await deps.mailer.send(mail);
}

/** The owner of an organization, with the organization's name and uuid, to e-mail on its behalf. */
export function organizationOwner(db: AppDeps['db'], organizationId: number) {
  return db
    .selectFrom('organizations')
    .innerJoin('users', 'users.id', 'organizations.owner_id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'organizations.uuid as organization_uuid',
      'organizations.name as organization_name',
    ])
    .where('organizations.id', '=', organizationId)
    .executeTakeFirst();
}

/** The owner's notice that someone joined or left (null if the owner is gone). */
export async function ownerNotice(
  deps: AppDeps,
  org: { id: number; owner_id: number; uuid: string },
  message: { subject: string; line: string },
): Promise<OutgoingMail | null> {
  const owner = await deps.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', org.owner_id)
    .executeTakeFirst();
  if (!owner) return null;
  return organizationMail(
    deps,
    org.id,
    { to: owner.email, subject: message.subject, kind: 'organization-members', userId: owner.id },
    {
      title: message.subject,
      paragraphs: [message.line],
      action: {
        label: 'See the members',
        url: `${deps.config.appUrl}/dashboard/organizations/${org.uuid}?tab=members`,
      },
    },
  );
}
