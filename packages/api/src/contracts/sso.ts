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

/** Connection types, presets and what the web app's presets pre-fill. */
export const SSO_CONNECTION_TYPES = ['oidc', 'saml'] as const;
export type SsoConnectionTypeValue = (typeof SSO_CONNECTION_TYPES)[number];
export const SSO_PRESETS = ['generic', 'google', 'entra'] as const;
export type SsoPresetValue = (typeof SSO_PRESETS)[number];
export const SSO_ROLES = ['admin', 'billing', 'member'] as const;
export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const entraIssuer = (tenantId: string) =>
  `https://login.microsoftonline.com/${tenantId}/v2.0`;
export const SSO_PRESET_LABELS: Record<SsoPresetValue, string> = {
  generic: 'OpenID Connect',
  google: 'Google Workspace',
  entra: 'Microsoft Entra ID',
};
/** How long an SSO sign-in may take at the identity provider, and the completion code lives. */
export const SSO_ATTEMPT_MINUTES = 10;
export const SSO_COMPLETION_SECONDS = 120;
/** Clock skew accepted on ID tokens and assertions. */
export const SSO_CLOCK_SKEW_SECONDS = 120;
export const MAX_SSO_CONNECTIONS = 5;

export const SSO_TEXTS = {
  /** What the person signing in sees for every failure (admins see the reason). */
  failed:
    'Single sign-on did not work. Try again, or ask your organization’s IT team; they can see why under Sign-in failures.',
  notConfigured: 'Single sign-on is not set up for this e-mail address.',
  emailRequired: 'Enter your e-mail address',
  connectionNotFound: 'Connection not found',
  created:
    'Connection added. Paste the redirect URI into your identity provider, then test the connection.',
  updated: 'Connection updated.',
  removed: 'Connection removed.',
  tooMany: `An organization can have at most ${MAX_SSO_CONNECTIONS} connections.`,
  issuerRequired: 'Enter the issuer URL',
  issuerHttps: 'The issuer must be an https:// URL',
  clientIdRequired: 'Enter the client ID',
  clientSecretRequired: 'Enter the client secret',
  tenantRequired: 'Enter the Microsoft Entra tenant ID (a GUID)',
  displayNameRequired: 'Enter a name for this connection',
  discoveryFailed: (issuer: string, why: string) =>
    `Could not read the OpenID configuration of ${issuer}: ${why}`,
  testStarted: 'Sign in at the identity provider to test the connection.',
  completeInvalid: 'This sign-in link has expired or was already used. Sign in again.',
  signedIn: 'Signed in.',
} as const;

/** Why an SSO sign-in was refused: shown to the organization's admins under Sign-in failures. */
export const SSO_FAILURE_REASONS = {
  state: 'The sign-in was not started in this browser, was already used, or has expired (state)',
  providerError: (error: string) => `The identity provider answered with an error: ${error}`,
  tokenRejected: (why: string) => `The identity provider's answer was refused: ${why}`,
  emailMissing: 'The identity provider sent no e-mail address',
  emailUnverified:
    'The identity provider did not confirm the e-mail address (email_verified is not true)',
  hd: (hd: string) =>
    `The hd claim (${hd || 'missing'}) is not a verified domain of this organization`,
  tid: (tid: string) =>
    `The tid claim (${tid || 'missing'}) is not the configured Microsoft Entra tenant`,
  unknownUser: (email: string) => `${email} is not at a verified domain of this organization`,
} as const;

/** Sign-in policies (issue 37): what the API answers and the web app shows. */
export const SSO_POLICY_TEXTS = {
  updated: 'Sign-in policies saved.',
  testFirst:
    'Test a connection successfully before requiring single sign-on: otherwise nobody at your domains could sign in.',
  ssoRequired:
    'Your organization requires you to sign in through its identity provider (single sign-on).',
  breakGlassNeedsSecondFactor:
    'Your organization requires single sign-on. As its owner you can still sign in with your password once two-factor authentication is on; until then, sign in through your identity provider.',
  twoFactorRequired: (organization: string) =>
    `${organization} requires two-factor authentication. Set up an authenticator app or a passkey to continue.`,
  breakGlassSubject: (organization: string) =>
    `Break-glass sign-in to ${organization} without single sign-on`,
} as const;
