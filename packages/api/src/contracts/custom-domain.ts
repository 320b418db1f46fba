/**
 * Client-safe rules and texts for an instance's custom domain and its TLS state (issue 24).
 * The server adds what only it knows (its own domains, who else claimed the name).
 */

export const CUSTOM_DOMAIN_TEXTS = {
  /** The spec's own text, for input that is neither a host name nor a URL. */
  invalid: 'Custom domain must be a valid URL',
  pathOrPort: 'Enter the domain only, such as portal.example.org, without a path or port',
  ipAddress: 'Enter a domain name, not an IP address',
  localhost: 'localhost cannot be used as a custom domain',
  singleLabel: 'Enter a full domain name such as portal.example.org',
  tooLong: 'A domain name can be at most 253 characters',
  ours: (domain: string) =>
    `Addresses under ${domain} are provided by SCMP; enter a domain your organization owns`,
  taken: 'This domain is already used by another instance',
  /** Why a pending claim failed: someone else proved the DNS first. */
  verifiedByOtherOrganization: 'This domain was verified by another organization.',
  verifiedByOtherInstance: 'This domain was verified by another instance.',
  required: 'Enter a domain',
  saved: 'Custom domain saved. Create the DNS records shown, then verify.',
  removed: 'Custom domain removed.',
  none: 'This instance has no custom domain.',
  verified: 'Custom domain verified.',
  notYet: 'The DNS records are not right yet.',
} as const;

/** How long a new (or lapsed) domain is checked before it is marked failed; also the grace period. */
export const DOMAIN_VERIFY_WINDOW_HOURS = 72;
/** A domain whose records disappeared is still served for this long. */
export const DOMAIN_GRACE_HOURS = 72;
/** Verified domains and issued certificates are re-checked this often. */
export const RECHECK_HOURS = 24;
/** A certificate is "expiring" when it ends within this many days. */
export const SSL_EXPIRING_DAYS = 14;
/** The TXT record that proves control of a domain: `_scmp-challenge.<domain>`. */
export const CHALLENGE_LABEL = '_scmp-challenge';

export const CUSTOM_DOMAIN_STATUSES = ['pending_dns', 'verified', 'active', 'failed'] as const;
export type CustomDomainStatusValue = (typeof CUSTOM_DOMAIN_STATUSES)[number];

export const CUSTOM_DOMAIN_STATUS_LABELS: Record<CustomDomainStatusValue, string> = {
  pending_dns: 'Waiting for DNS',
  verified: 'Verified',
  active: 'Active (TLS issued)',
  failed: 'Failed',
};

export const SSL_STATUSES = [
  'pending',
  'active',
  'expiring',
  'expired',
  'failed',
  'not_configured',
] as const;
export type SslStatusValue = (typeof SSL_STATUSES)[number];

export const SSL_STATUS_LABELS: Record<SslStatusValue, string> = {
  pending: 'Pending',
  active: 'Active',
  expiring: 'Expiring soon',
  expired: 'Expired',
  failed: 'Failed',
  not_configured: 'Not configured (local)',
};

export type DomainParse = { ok: true; domain: string } | { ok: false; error: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/**
 * The host name an input names, as a hostname ("portal.example.org") or a URL
 * ("https://portal.example.org"); any path, query, port or credentials is refused. Unicode names
 * come back in their ASCII (punycode) form. `ownDomains` are this deployment's own domains.
 */
export function parseCustomDomain(raw: string, ownDomains: readonly string[] = []): DomainParse {
  const value = raw.trim();
  if (!value) return { ok: false, error: CUSTOM_DOMAIN_TEXTS.required };
  const bare = value.replace(/\.$/, '');
  if (/^\[?[0-9a-f]*:[0-9a-f:.]*\]?$/i.test(bare) && bare.split(':').length > 2)
    return { ok: false, error: CUSTOM_DOMAIN_TEXTS.ipAddress };
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `http://${value}`);
  } catch {
    return { ok: false, error: CUSTOM_DOMAIN_TEXTS.invalid };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, error: CUSTOM_DOMAIN_TEXTS.invalid };
  if (url.username || url.password) return { ok: false, error: CUSTOM_DOMAIN_TEXTS.invalid };
  if (url.port || url.pathname !== '/' || url.search || url.hash || /[?#]$/.test(value))
    return { ok: false, error: CUSTOM_DOMAIN_TEXTS.pathOrPort };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') || IPV4.test(host))
    return { ok: false, error: CUSTOM_DOMAIN_TEXTS.ipAddress };
  if (host.length > 253) return { ok: false, error: CUSTOM_DOMAIN_TEXTS.tooLong };
  if (host === 'localhost' || host.endsWith('.localhost'))
    return { ok: false, error: CUSTOM_DOMAIN_TEXTS.localhost };
  const labels = host.split('.');
  if (labels.length < 2) return { ok: false, error: CUSTOM_DOMAIN_TEXTS.singleLabel };
  if (!labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1) ?? ''))
    return { ok: false, error: CUSTOM_DOMAIN_TEXTS.invalid };
  for (const own of ownDomains) {
    const d = own.toLowerCase();
    if (host === d || host.endsWith(`.${d}`))
      return { ok: false, error: CUSTOM_DOMAIN_TEXTS.ours(d) };
  }
  return { ok: true, domain: host };
}
