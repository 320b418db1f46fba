import { z } from 'zod';
import { publicBrandingSchema } from '../../contracts/branding-schemas';
import { frontPageOutput, resolvedFrontPageOutput } from '../../contracts/front-page-schemas';
import { publicIdFields } from '../../contracts/response-fields';

/**
 * A branding as GET /branding/{id} shows it: one zod schema per shape; the service's return type is
 * its z.output and the routers' .output() reuse it. Strict: a key the service returns that is not
 * here fails output validation (the doors-agree test calls every procedure). This one: the stored
 * fields of one organization's or instance's branding plus the effective values; the front page
 * shapes are contracts (contracts/front-page-schemas.ts), since the web uses their types too.
 */
export const brandingOutput = z.strictObject({
  ...publicIdFields,
  type: z.enum(['organization', 'instance']),
  name: z.string(),
  organization_uuid: z.string(),
  company_name: z.string().nullable(),
  tagline: z.string().nullable(),
  primary_color: z.string().nullable(),
  secondary_color: z.string().nullable(),
  accent_color: z.string().nullable(),
  nav_text_color: z.string().nullable(),
  nav_text_hover_color: z.string().nullable(),
  nav_background_color: z.string().nullable(),
  footer_text: z.string().nullable(),
  email_template_header: z.string().nullable(),
  email_template_footer: z.string().nullable(),
  custom_css: z.string().nullable(),
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  updated_at: z.string().nullable(),
  resolved: publicBrandingSchema.describe(
    'Effective values after fallback: instance → organization → defaults, field by field',
  ),
  front_page: frontPageOutput
    .nullable()
    .describe("An instance portal's front page as stored; null for an organization's branding"),
  resolved_front_page: resolvedFrontPageOutput
    .nullable()
    .describe(
      'The front page as the portal shows it: headline and page title default to the school name, ' +
        'the welcome text to "Welcome to <name>."; null for an organization',
    ),
});

export type BrandingView = z.output<typeof brandingOutput>;
