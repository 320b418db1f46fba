/** Client-safe rules and texts for organization subdomains and instance host prefixes (spec part 2 §5, §9). */

export const RESERVED_SUBDOMAINS = ['www', 'api', 'admin', 'mail', 'ftp', 'blog'] as const;
export const SUBDOMAIN_MIN_LENGTH = 3;
/** "Fewer than 63 characters". */
export const SUBDOMAIN_MAX_LENGTH = 62;
export const SUBDOMAIN_CHECK_DEBOUNCE_MS = 500;

export const SUBDOMAIN_TEXTS = {
  required: 'Subdomain is required',
  tooShort: 'Subdomain must be at least 3 characters',
  tooLong: 'Subdomain must be less than 63 characters',
  characters: 'Subdomain can only contain lowercase letters, numbers, and hyphens',
  hyphenEdge: 'Subdomain cannot start or end with a hyphen',
  reserved: 'This subdomain is reserved',
  /** The create/deploy forms' character rule. */
  lettersNumbersHyphens: 'Only letters, numbers, and hyphens allowed',
  taken: 'This subdomain is already taken',
  available: 'Subdomain is available',
  ensureAvailable: 'Please ensure the subdomain is available before submitting.',
  notAvailableFallback: 'Subdomain is not available',
  invalidFallback: 'Invalid subdomain',
} as const;

const CHARACTER_RULE = /^[a-zA-Z0-9-]*$/;

/** The create/deploy forms' character rule ('Only letters, numbers, and hyphens allowed'). */
export function hasOnlySubdomainCharacters(value: string): boolean {
  return CHARACTER_RULE.test(value);
}

/** The full tenant rule set; returns the first failing text, or null when the slug is valid. */
export function subdomainProblem(value: string): string | null {
  if (value.length === 0) return SUBDOMAIN_TEXTS.required;
  if (value.length < SUBDOMAIN_MIN_LENGTH) return SUBDOMAIN_TEXTS.tooShort;
  if (value.length > SUBDOMAIN_MAX_LENGTH) return SUBDOMAIN_TEXTS.tooLong;
  if (!/^[a-z0-9-]+$/.test(value)) return SUBDOMAIN_TEXTS.characters;
  if (value.startsWith('-') || value.endsWith('-')) return SUBDOMAIN_TEXTS.hyphenEdge;
  if ((RESERVED_SUBDOMAINS as readonly string[]).includes(value)) return SUBDOMAIN_TEXTS.reserved;
  return null;
}

/** A slug from free text: lower case, runs of other characters become one hyphen, trimmed to the limit. */
export function slugify(text: string, maxLength = SUBDOMAIN_MAX_LENGTH): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug;
}

/** Host of an instance: {prefix}-{org subdomain}.{instance domain}. */
export function instanceHostOf(prefix: string, orgSubdomain: string, instanceDomain: string) {
  return `${prefix}-${orgSubdomain}.${instanceDomain}`;
}
