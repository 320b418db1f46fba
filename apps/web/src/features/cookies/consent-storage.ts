import { STORAGE_KEYS } from '@scmp/api/contracts/product';

export type CookiePreferences = {
  essential: true;
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
};

export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = {
  essential: true,
  functional: false,
  analytics: false,
  marketing: false,
};

export const ALL_COOKIES: CookiePreferences = {
  essential: true,
  functional: true,
  analytics: true,
  marketing: true,
};

/** Stored preferences merged over the defaults; the defaults when missing or unparseable. */
export function readPreferences(): CookiePreferences {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.cookiePreferences);
    if (!raw) return DEFAULT_COOKIE_PREFERENCES;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return DEFAULT_COOKIE_PREFERENCES;
    }
    const stored = parsed as Record<string, unknown>;
    const flag = (key: 'functional' | 'analytics' | 'marketing') =>
      typeof stored[key] === 'boolean' ? stored[key] : DEFAULT_COOKIE_PREFERENCES[key];
    return {
      essential: true,
      functional: flag('functional'),
      analytics: flag('analytics'),
      marketing: flag('marketing'),
    };
  } catch {
    return DEFAULT_COOKIE_PREFERENCES;
  }
}

export function readConsented(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.cookieConsent) === 'true';
  } catch {
    return false;
  }
}

export function writeConsent(preferences: CookiePreferences): void {
  try {
    localStorage.setItem(STORAGE_KEYS.cookieConsent, 'true');
    localStorage.setItem(
      STORAGE_KEYS.cookiePreferences,
      JSON.stringify({ ...preferences, essential: true }),
    );
  } catch {
    /* storage unavailable: the choice lasts for this page only */
  }
}

export function clearConsent(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.cookieConsent);
    localStorage.removeItem(STORAGE_KEYS.cookiePreferences);
  } catch {
    /* nothing to clear */
  }
}
