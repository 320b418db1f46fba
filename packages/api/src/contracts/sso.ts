/**
 * Client-safe rules and texts of single sign-on (issue 37): verified e-mail domains first.
 * The server adds what only it knows (DNS answers, who else verified a domain).
 */

/** The TXT record that proves an organization controls an e-mail domain: `_scmp-verify.<domain>`. */
export const DOMAIN_VERIFY_LABEL = '_scmp-verify';

export const ORGANIZATION_DOMAIN_STATUSES = ['pending', 'verified'] as const;
export type OrganizationDomainStatusValue = (typeof ORGANIZATION_DOMAIN_STATUSES)[number];

export const ORGANIZATION_DOMAIN_STATUS_LABELS: Record<OrganizationDomainStatusValue, string> = {
  pending: 'Waiting for DNS',
  verified: 'Verified',
};

/** An organization may list at most this many e-mail domains. */
export const MAX_ORGANIZATION_DOMAINS = 20;
/** Verified domains are re-checked this often. */
export const DOMAIN_RECHECK_HOURS = 24;
/** A pending domain is retried by the worker (with backoff) for this long after it was added. */
export const DOMAIN_PENDING_RETRY_DAYS = 7;

/**
 * Public mailbox providers: anyone can have an address there, so no organization may claim them.
 * A name ending in `.*` covers that provider under every top-level domain (gmx.de, gmx.net, …).
 */
export const PUBLIC_MAILBOX_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'outlook.*',
  'hotmail.com',
  'hotmail.*',
  'live.com',
  'live.*',
  'msn.com',
  'passport.com',
  'yahoo.com',
  'yahoo.*',
  'ymail.com',
  'rocketmail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'aim.com',
  'proton.me',
  'protonmail.com',
  'protonmail.ch',
  'pm.me',
  'gmx.*',
  'web.de',
  'mail.com',
  'email.com',
  'zoho.com',
  'zohomail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'tutanota.com',
  'tuta.io',
  'fastmail.com',
  'hey.com',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
  'talktalk.net',
  'orange.fr',
  'free.fr',
  'laposte.net',
  't-online.de',
  'libero.it',
];

/** True when `domain` (lower-case, ASCII) is, or is under, a public mailbox provider. */
export function isPublicMailboxDomain(domain: string): boolean {
  const d = domain.toLowerCase().replace(/\.$/, '');
  return PUBLIC_MAILBOX_DOMAINS.some((entry) => {
    if (entry.endsWith('.*')) {
      const base = entry.slice(0, -2);
      return d.startsWith(`${base}.`) || d.includes(`.${base}.`);
    }
    return d === entry || d.endsWith(`.${entry}`);
  });
}

export const SSO_DOMAIN_TEXTS = {
  required: 'Enter a domain',
  invalid: 'Enter an e-mail domain such as school.org.uk',
  notRegistrable:
    'Enter a domain your organization owns, such as school.org.uk; a public suffix such as co.uk cannot be verified',
  publicMailbox: (domain: string) =>
    `${domain} is a public mailbox provider: anyone can have an address there, so it cannot be verified by an organization`,
  takenElsewhere: 'This domain is already verified by another organization.',
  alreadyAdded: 'This domain is already listed for this organization.',
  tooMany: `An organization can list at most ${MAX_ORGANIZATION_DOMAINS} domains.`,
  notFound: 'Domain not found',
  added: 'Domain added. Create the DNS record shown, then verify.',
  verified: 'Domain verified.',
  notYet: 'The DNS record is not right yet.',
  removed: 'Domain removed.',
  lapsedSubject: (domain: string) => `${domain} is no longer verified`,
} as const;
