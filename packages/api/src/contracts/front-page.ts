import { contrastRatio } from './branding';

/**
 * The front page of an instance's portal (issue 40): the school's own door, edited in the
 * instance's branding editor and served as server-rendered HTML on the instance's host.
 */

export const FRONT_PAGE_MAX_LINKS = 6;

export const FRONT_PAGE_LIMITS = {
  headline: 120,
  welcome_text: 2000,
  page_title: 120,
  contact_email: 254,
  contact_phone: 40,
  contact_address: 500,
  link_label: 60,
  link_url: 2000,
} as const;

export const FRONT_PAGE_LABELS = {
  headline: 'Headline',
  welcome_text: 'Welcome text',
  page_title: 'Page title',
  contact_email: 'Contact e-mail',
  contact_phone: 'Contact phone',
  contact_address: 'Contact address',
  link_label: 'Link label',
  link_url: 'Link URL',
} as const;

export const FRONT_PAGE_TEXTS = {
  section: 'Front page',
  sectionHint:
    "What parents and staff see at your portal's address. Empty fields use the defaults shown.",
  addLink: 'Add link',
  removeLink: 'Remove link',
  tooManyLinks: `At most ${FRONT_PAGE_MAX_LINKS} links`,
  linkUrlHttps: 'Link URL must be a full https:// address',
  linkLabelRequired: 'Link label is required',
  contactEmailInvalid: 'Contact e-mail must be an e-mail address',
  organizationOnly: "The front page belongs to an instance's branding",
  poweredBy: 'Powered by SCMP',
  contactHeading: 'Contact',
  linksHeading: 'Quick links',
  unavailableTitle: 'Temporarily unavailable',
  unavailableText:
    'This portal is temporarily unavailable. Please try again later, or contact the school.',
  notReadyTitle: 'Not available yet',
  notReadyText: 'This portal is being set up. Please try again in a few minutes.',
  pageNotFoundTitle: 'Page not found',
  pageNotFoundText: 'There is no page at this address.',
  backHome: 'Go to the front page',
} as const;

/** Black or white, whichever reads better on `background` (WCAG contrast). */
export function textOn(background: string): '#000000' | '#ffffff' {
  const black = contrastRatio(background, '#000000') ?? 21;
  const white = contrastRatio(background, '#ffffff') ?? 1;
  return black >= white ? '#000000' : '#ffffff';
}

/** The default welcome text of an instance whose front page says nothing yet. */
export function defaultWelcomeText(name: string): string {
  return `Welcome to ${name}.`;
}

/** Whether `value` is an absolute https:// URL with a host and no credentials. */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

export type FrontPageLink = { label: string; url: string };

/** The stored front page (null = not set). */
export type FrontPage = {
  headline: string | null;
  welcome_text: string | null;
  links: FrontPageLink[];
  contact_email: string | null;
  contact_phone: string | null;
  contact_address: string | null;
  page_title: string | null;
};

/** The front page as the portal shows it: defaults filled in. */
export type ResolvedFrontPage = {
  headline: string;
  welcome_text: string;
  links: FrontPageLink[];
  contact_email: string;
  contact_phone: string;
  contact_address: string;
  page_title: string;
};

/** Fills the defaults in: the school's name as headline and title, a generic welcome. */
export function resolveFrontPage(stored: FrontPage | null, name: string): ResolvedFrontPage {
  return {
    headline: stored?.headline || name,
    welcome_text: stored?.welcome_text || defaultWelcomeText(name),
    links: stored?.links ?? [],
    contact_email: stored?.contact_email ?? '',
    contact_phone: stored?.contact_phone ?? '',
    contact_address: stored?.contact_address ?? '',
    page_title: stored?.page_title || name,
  };
}
