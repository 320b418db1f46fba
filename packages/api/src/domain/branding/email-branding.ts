import type { AppDeps } from '../../core/app-deps';
import { renderEmail } from '../../core/mail/render-email';
import { emailBrandingFor } from '../public-branding';
import { findBrandingTarget } from './target';

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
