import type { Kysely } from 'kysely';
import type { Database } from '@scmp/db';
import type { AppDeps } from '../../deps';
import { emailBrandingFor } from '../branding/branding';
import { renderEmail, type EmailContent } from '../mail/render-email';

/**
 * An e-mail sent on an organization's behalf: white-labelled with its branding's e-mail header and
 * footer (or SCMP's), through the durable outbox (SMTP or /dev/mail).
 */
export async function sendOrganizationMail(
  deps: AppDeps,
  organizationId: number,
  mail: { to: string; subject: string; kind: string; userId: number | null },
  content: Omit<EmailContent, 'brandHeaderHtml' | 'brandFooterHtml'>,
  db?: Kysely<Database>,
): Promise<void> {
  const brand = await emailBrandingFor(deps, { organizationId });
  const { html, text } = renderEmail(
    { ...content, brandHeaderHtml: brand.brandHeaderHtml, brandFooterHtml: brand.brandFooterHtml },
    brand.companyName,
  );
  await deps.mailer.send({ ...mail, html, text }, db);
}

/** Tells the organization's owner that someone joined or left. */
export async function notifyOwner(
  deps: AppDeps,
  org: { id: number; owner_id: number; name: string; uuid: string },
  message: { subject: string; line: string },
  db?: Kysely<Database>,
): Promise<void> {
  const owner = await (db ?? deps.db)
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', org.owner_id)
    .executeTakeFirst();
  if (!owner) return;
  await sendOrganizationMail(
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
    db,
  );
}
