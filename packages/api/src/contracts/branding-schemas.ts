import { z } from 'zod';
import {
  BRANDING_FIELD_LABELS,
  BRANDING_LIMITS,
  HEX_COLOR,
  type BrandingColorField,
  type BrandingTextField,
} from './branding';

const colorMessage = (field: BrandingColorField) =>
  `${BRANDING_FIELD_LABELS[field]} must be a hex colour such as #3B82F6 or #FFF`;

const lengthMessage = (field: BrandingTextField) =>
  field === 'custom_css'
    ? `${BRANDING_FIELD_LABELS[field]} must be at most 50 KB`
    : `${BRANDING_FIELD_LABELS[field]} must be at most ${BRANDING_LIMITS[field]} characters`;

/** A text field: trimmed; an empty string becomes null; omitted leaves the stored value. */
function textField(field: BrandingTextField) {
  const max = BRANDING_LIMITS[field];
  const base =
    field === 'custom_css'
      ? z
          .string({ error: `${BRANDING_FIELD_LABELS[field]} must be text` })
          .refine((v) => new TextEncoder().encode(v).length <= max, lengthMessage(field))
      : z
          .string({ error: `${BRANDING_FIELD_LABELS[field]} must be text` })
          .trim()
          .max(max, lengthMessage(field));
  return base
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v));
}

/** A colour: #RGB or #RRGGBB; an empty string becomes null. */
function colorField(field: BrandingColorField) {
  return z
    .string({ error: colorMessage(field) })
    .trim()
    .refine((v) => v === '' || HEX_COLOR.test(v), colorMessage(field))
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));
}

/** Body of PUT /branding/{id}: the text and colour fields (logo and favicon go separately). */
export const brandingFieldsInput = z.object({
  company_name: textField('company_name'),
  tagline: textField('tagline'),
  primary_color: colorField('primary_color'),
  secondary_color: colorField('secondary_color'),
  accent_color: colorField('accent_color'),
  nav_text_color: colorField('nav_text_color'),
  nav_text_hover_color: colorField('nav_text_hover_color'),
  nav_background_color: colorField('nav_background_color'),
  footer_text: textField('footer_text'),
  email_template_header: textField('email_template_header'),
  email_template_footer: textField('email_template_footer'),
  custom_css: textField('custom_css'),
});

export type BrandingFieldsInput = z.input<typeof brandingFieldsInput>;
export type BrandingFieldsValues = z.output<typeof brandingFieldsInput>;

/**
 * The public branding fields with defaults filled in (GET /tenants/{slug}/branding and the tenant
 * shell). The PublicBranding type of branding-defaults.ts is its z.output (a type-only import, so
 * the web's zod-free contract stays zod-free). Strict: an unknown key fails output validation.
 */
export const publicBrandingSchema = z.strictObject({
  company_name: z.string(),
  tagline: z.string(),
  primary_color: z.string(),
  secondary_color: z.string(),
  accent_color: z.string(),
  nav_text_color: z.string(),
  nav_text_hover_color: z.string(),
  nav_background_color: z.string(),
  logo_url: z.string(),
  favicon_url: z.string(),
  footer_text: z.string(),
  custom_css: z.string(),
});
