import { z } from 'zod';
import { publicBrandingSchema } from '../../services/public-branding/tenant-branding';

/** Path input of every branding procedure: an organization uuid or an instance uuid. */
export const brandingIdInput = z.object({ id: z.string() });

/** The stored fields of one organization's or instance's branding plus the effective values. */
export const brandingOutput = z.object({
  id: z.string(),
  uuid: z.string(),
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
});
