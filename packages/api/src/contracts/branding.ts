/**
 * Branding editor contracts shared by the server and the web client (spec part 2 §2, §3, §5, §7,
 * §8). The server applies deeper checks on top (custom CSS parsed with css-tree, e-mail HTML
 * through an allow-list sanitiser): see packages/api/src/domain/branding.
 */

export const BRANDING_TEXT_FIELDS = [
  'company_name',
  'tagline',
  'footer_text',
  'email_template_header',
  'email_template_footer',
  'custom_css',
] as const;

export const BRANDING_COLOR_FIELDS = [
  'primary_color',
  'secondary_color',
  'accent_color',
  'nav_text_color',
  'nav_text_hover_color',
  'nav_background_color',
] as const;

export type BrandingTextField = (typeof BRANDING_TEXT_FIELDS)[number];
export type BrandingColorField = (typeof BRANDING_COLOR_FIELDS)[number];
export type BrandingEditableField = BrandingTextField | BrandingColorField;

export const BRANDING_FIELD_LABELS: Record<BrandingEditableField, string> = {
  company_name: 'Company name',
  tagline: 'Tagline',
  footer_text: 'Footer text',
  email_template_header: 'E-mail template header',
  email_template_footer: 'E-mail template footer',
  custom_css: 'Custom CSS',
  primary_color: 'Primary color',
  secondary_color: 'Secondary color',
  accent_color: 'Accent color',
  nav_text_color: 'Navigation text color',
  nav_text_hover_color: 'Navigation text hover color',
  nav_background_color: 'Navigation background color',
};

/** Maximum lengths in characters (custom CSS: bytes of UTF-8). */
export const BRANDING_LIMITS = {
  company_name: 255,
  tagline: 255,
  footer_text: 1000,
  email_template_header: 10_000,
  email_template_footer: 10_000,
  custom_css: 50 * 1024,
} as const satisfies Record<BrandingTextField, number>;

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const FAVICON_MAX_BYTES = 1024 * 1024;
/** Largest width and height (pixels) of an uploaded raster logo or favicon (header-checked). */
export const LOGO_MAX_DIMENSION = 4096;
export const FAVICON_MAX_DIMENSION = 512;

export const BRANDING_TEXTS = {
  resourceNotFound: 'Resource not found',
  resourceNotFoundDetail:
    'The resource you are looking for does not exist or you do not have access to it.',
  fetchFailed: 'Failed to fetch branding data',
  saveFailed: 'Failed to save branding settings',
  deleteLogoFailed: 'Failed to delete logo',
  deleteFaviconFailed: 'Failed to delete favicon',
  uploadLogoFailed: 'Failed to upload logo',
  uploadFaviconFailed: 'Failed to upload favicon',
  confirmDeleteLogo: 'Are you sure you want to delete the logo?',
  confirmDeleteFavicon: 'Are you sure you want to delete the favicon?',
  logoHint: 'PNG, JPG or SVG up to 2MB',
  faviconHint: '.ico or .png up to 1MB',
  saved: 'Branding settings saved successfully.',
  logoUploaded: 'Logo uploaded successfully.',
  faviconUploaded: 'Favicon uploaded successfully.',
  logoDeleted: 'Logo deleted successfully.',
  faviconDeleted: 'Favicon deleted successfully.',
  notFound: 'Branding not found.',
  logoTooLarge: 'The logo must be 2MB or smaller.',
  faviconTooLarge: 'The favicon must be 1MB or smaller.',
  logoTooManyPixels: 'The logo must be 4096×4096 pixels or smaller.',
  faviconTooManyPixels: 'The favicon must be 512×512 pixels or smaller.',
  logoWrongType: 'The logo must be a PNG, JPG or SVG image.',
  faviconWrongType: 'The favicon must be an ICO or PNG image.',
  logoMissing: 'Choose a logo file to upload in the field "logo".',
  faviconMissing: 'Choose a favicon file to upload in the field "favicon".',
  malformedUpload: 'The upload could not be read. Please try again.',
  contrastWarning:
    'The navigation text and background colours have a contrast below 4.5:1, so the navigation may be hard to read.',
  unsavedChanges: 'You have unsaved branding changes. Leave without saving?',
} as const;

export const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** WCAG relative luminance contrast ratio of two hex colours (1 to 21); null when unreadable. */
export function contrastRatio(a: string, b: string): number | null {
  const lum = (hex: string): number | null => {
    if (!HEX_COLOR.test(hex)) return null;
    let h = hex.slice(1);
    if (h.length === 3) h = [...h].map((c) => c + c).join('');
    const channels = [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
    const [r, g, bl] = channels.map((c) =>
      c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4),
    ) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const la = lum(a);
  const lb = lum(b);
  if (la === null || lb === null) return null;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}
