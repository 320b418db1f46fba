/**
 * Closing an organization (issue 38): the Terms' 60-day data export window. Client-safe: the
 * server's messages and the web app's danger zone and banner read the same texts.
 */
export const ORGANIZATION_CLOSURE_DAYS = 60;

export const CLOSURE_TEXTS = {
  closing: (date: string) =>
    `The organization is closing. Its data will be deleted on ${date}; until then the owner can export it or restore the organization.`,
  alreadyClosing: 'This organization is already closing.',
  notClosing: 'This organization is not closing.',
  refused:
    'This organization is closing. The owner can restore it from the organization page; until then nothing can be changed.',
  restored:
    'Organization restored. Its instances stay suspended until you resume them; a new subscription is needed to resume paid service.',
  nameMismatch: 'Type the organization’s name exactly to confirm.',
  siteClosedTitle: 'This site has closed',
  siteClosedText:
    'This site is no longer available. Please contact the school for more information.',
  /** What the danger zone says happens to the subscription (billing: cancel at period end). */
  billing:
    'The subscription is cancelled at once: nothing more is charged, and the current billing period is not refunded (it runs out on its end date).',
} as const;
