import type { z } from 'zod';
import type { publicBrandingSchema } from './branding-schemas';

/** Default tenant branding (spec part 1 §3). */
export const DEFAULT_BRANDING = {
  company_name: 'SCMP',
  tagline: 'School & Camp Management Platform',
  primary_color: '#D1A103',
  secondary_color: '#0B173D',
  accent_color: '#e5b517',
  nav_text_color: '',
  nav_text_hover_color: '',
  nav_background_color: '',
  logo_url: '',
  favicon_url: '',
  footer_text: `© ${new Date().getFullYear()} SCMP. All rights reserved.`,
  custom_css: '',
} as const;

/** The shell's nav background when branding gives none. */
export const DEFAULT_NAV_BACKGROUND = '#0B173D';

/** Branding editor defaults (spec part 2 §3). */
export const EDITOR_BRANDING_DEFAULTS = {
  primary_color: '#3B82F6',
  secondary_color: '#1F2937',
  accent_color: '#F59E0B',
  nav_text_color: '#ffffff',
  nav_text_hover_color: '#fbbf24',
  nav_background_color: '#1f2937',
} as const;

/** Footer defaults when a branding value is blank (spec part 2 §3). */
export const FOOTER_DEFAULTS = {
  background: '#111827',
  text: '#D1D5DB',
  accent: '#F59E0B',
} as const;

/** The public branding fields: the output of publicBrandingSchema (branding-schemas.ts). */
export type PublicBranding = z.output<typeof publicBrandingSchema>;
