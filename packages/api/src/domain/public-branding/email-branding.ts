import type { AppDeps } from '../../core/app-deps';
import { sanitizeEmailHtml } from '../../core/email-html';
import { resolveInstanceBranding, resolveOrganizationBranding } from './resolve';

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
