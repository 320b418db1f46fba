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
