import type { AppDeps } from '../../app-deps';
import { renderEmail } from '../mail/render-email';
import { resolveInstanceBranding, resolveOrganizationBranding } from '../public-branding/resolve';
import { findBrandingTarget } from './target';
import { sanitizeEmailHtml } from './sanitize';

/**
 * What an e-mail sent on an organization's (or instance's) behalf uses: the sanitised header and
 * footer (instance → organization, each on its own) and the effective company name. Pass the
 * result to renderEmail({ ..., brandHeaderHtml, brandFooterHtml }, companyName).
 */
export async function emailBrandingFor(
  deps: AppDeps,
  target: { organizationId: number; instanceId?: number | null },
): Promise<{
  brandHeaderHtml: string | null;
  brandFooterHtml: string | null;
  companyName: string;
}> {
  const instanceId = target.instanceId ?? null;
  const [own, org, resolved] = await Promise.all([
    instanceId === null
      ? Promise.resolve(undefined)
      : deps.db
          .selectFrom('brandings')
          .select(['email_template_header', 'email_template_footer'])
          .where('instance_id', '=', instanceId)
          .executeTakeFirst(),
    deps.db
      .selectFrom('brandings')
      .select(['email_template_header', 'email_template_footer'])
      .where('organization_id', '=', target.organizationId)
      .executeTakeFirst(),
    instanceId === null
      ? resolveOrganizationBranding(deps.db, target.organizationId)
      : resolveInstanceBranding(deps.db, instanceId),
  ]);
  return {
    brandHeaderHtml:
      sanitizeEmailHtml(own?.email_template_header ?? null) ??
      sanitizeEmailHtml(org?.email_template_header ?? null),
    brandFooterHtml:
      sanitizeEmailHtml(own?.email_template_footer ?? null) ??
      sanitizeEmailHtml(org?.email_template_footer ?? null),
    companyName: resolved.company_name,
  };
}

/** Server-rendered preview of an e-mail sent on the organization's behalf (sanitised header/footer). */
export async function emailPreview(
  deps: AppDeps,
  userId: number,
  id: string,
): Promise<{ html: string; subject: string }> {
  const target = await findBrandingTarget(deps, userId, id);
  const brand = await emailBrandingFor(deps, target);
  const subject = `A message from ${brand.companyName}`;
  const { html } = renderEmail(
    {
      title: subject,
      paragraphs: [
        'This is a preview of the e-mails sent on your behalf.',
        'Your header appears above this text and your footer below it.',
      ],
      action: { label: 'Open the portal', url: deps.config.appUrl },
      brandHeaderHtml: brand.brandHeaderHtml,
      brandFooterHtml: brand.brandFooterHtml,
    },
    brand.companyName,
  );
  return { html, subject };
}
