import { z } from 'zod';

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

export const ORGANIZATION_TEXTS = {
  nameRequired: 'Organization name is required',
  typeRequired: 'Organization type is required',
  editNameRequired: 'Organisation name is required',
  editTypeRequired: 'Organisation type is required',
  deleteConfirm: 'Are you sure you want to delete this organisation? This action cannot be undone.',
  notFound: 'Organization not found',
  liveSubscription:
    'This organization has an active subscription. Cancel the subscription before deleting the organization.',
  subdomainUpdated: 'Organization subdomain updated successfully.',
  created: 'Organization created successfully.',
  updated: 'Organization updated successfully.',
  deleted: 'Organization deleted successfully.',
} as const;

export const INSTANCE_TEXTS = {
  organizationRequired: 'Organization is required',
  nameRequired: 'Instance name is required',
  customDomainUrl: 'Custom domain must be a valid URL',
  needsSubdomain:
    'This organization needs a subdomain before instances can be created. Set one on the Tenant Subdomain page first.',
  hostTaken: 'This instance subdomain is already in use for this organization',
  hostTooLong: 'The instance host name would be longer than 63 characters; choose a shorter prefix',
  notFound: 'Instance not found',
  suspendOnlyActive: 'Only an active instance can be suspended.',
  resumeOnlySuspended: 'Only a suspended instance can be resumed.',
  deployed: 'Instance deployment started.',
  suspended: 'Instance suspended successfully.',
  resumed: 'Instance resumed successfully.',
} as const;

export const ORGANIZATION_TYPES = ['school', 'camp', 'other'] as const;
export type OrganizationTypeValue = (typeof ORGANIZATION_TYPES)[number];

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

/** Zod schema of the tenant screen's slug (required, every rule). */
export const tenantSubdomainSchema = z
  .string({ error: SUBDOMAIN_TEXTS.required })
  .trim()
  .superRefine((value, ctx) => {
    const problem = subdomainProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * An optional subdomain on the create/edit forms: the character rule text first, then lower-cased
 * and checked against every tenant rule. Empty or missing → undefined (generated from the name).
 */
export const optionalSubdomainSchema = z
  .string()
  .trim()
  .nullish()
  .superRefine((value, ctx) => {
    if (!value) return;
    if (!hasOnlySubdomainCharacters(value)) {
      ctx.addIssue({ code: 'custom', message: SUBDOMAIN_TEXTS.lettersNumbersHyphens });
      return;
    }
    const problem = subdomainProblem(value.toLowerCase());
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => (value ? value.toLowerCase() : undefined));

/** Host of an instance: {prefix}-{org subdomain}.{instance domain}. */
export function instanceHostOf(prefix: string, orgSubdomain: string, instanceDomain: string) {
  return `${prefix}-${orgSubdomain}.${instanceDomain}`;
}
