export const PRODUCT = {
  name: 'School & Camp Management Platform',
  shortName: 'SCMP',
  generalEmail: 'hello@scmp.co.uk',
  supportEmail: 'support@scmp.co.uk',
  salesEmail: 'sales@scmp.co.uk',
  phone: '+44 20 3807 4512',
  phoneHref: 'tel:+442038074512',
  facebookUrl: 'https://www.facebook.com/scmp.platform',
  linkedinUrl: 'https://www.linkedin.com/company/scmp-platform',
} as const;

/** Local storage keys of the SPA (spec part 1 §9). */
export const STORAGE_KEYS = {
  token: 'token',
  cookieConsent: 'cookie_consent',
  cookiePreferences: 'cookie_preferences',
} as const;

export const SESSION_RECHECK_SECONDS = 300;
export const SESSION_EXPIRED_TEXT = 'Your session has expired. Please log in again.';

/** Said on every page and every billing e-mail while the built-in test payment provider is in use. */
export const TEST_MODE_TEXT = 'Test mode — no real charges';
