import { z } from 'zod';
import {
  FRONT_PAGE_LABELS,
  FRONT_PAGE_LIMITS,
  FRONT_PAGE_MAX_LINKS,
  FRONT_PAGE_TEXTS,
  defaultWelcomeText,
  isHttpsUrl,
} from './front-page';
import { requiredText } from './text-input';

const EMAIL = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;

type FrontPageTextField = Exclude<keyof typeof FRONT_PAGE_LIMITS, 'link_label' | 'link_url'>;

/** Trimmed text; an empty string becomes null; omitted leaves the stored value. */
function textField(field: FrontPageTextField) {
  const max = FRONT_PAGE_LIMITS[field];
  return z
    .string({ error: `${FRONT_PAGE_LABELS[field]} must be text` })
    .trim()
    .max(max, `${FRONT_PAGE_LABELS[field]} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));
}

export const frontPageLinkInput = z.object({
  label: requiredText(
    FRONT_PAGE_TEXTS.linkLabelRequired,
    FRONT_PAGE_LIMITS.link_label,
    `Link label must be at most ${FRONT_PAGE_LIMITS.link_label} characters`,
  ),
  url: z
    .string({ error: FRONT_PAGE_TEXTS.linkUrlHttps })
    .trim()
    .max(
      FRONT_PAGE_LIMITS.link_url,
      `Link URL must be at most ${FRONT_PAGE_LIMITS.link_url} characters`,
    )
    .refine(isHttpsUrl, FRONT_PAGE_TEXTS.linkUrlHttps),
});

/**
 * `front_page` of PUT /branding/{id} (instances only): omitted fields keep their value, empty text
 * is stored as null, `links` replaces the whole list (at most six, https only).
 */
export const frontPageInput = z.object({
  headline: textField('headline'),
  welcome_text: textField('welcome_text'),
  links: z
    .array(frontPageLinkInput)
    .max(FRONT_PAGE_MAX_LINKS, FRONT_PAGE_TEXTS.tooManyLinks)
    .optional(),
  contact_email: textField('contact_email').refine(
    (v) => v === undefined || v === null || EMAIL.test(v),
    FRONT_PAGE_TEXTS.contactEmailInvalid,
  ),
  contact_phone: textField('contact_phone'),
  contact_address: textField('contact_address'),
  page_title: textField('page_title'),
});

export type FrontPageInput = z.input<typeof frontPageInput>;
export type FrontPageValues = z.output<typeof frontPageInput>;

/**
 * The front page as the API answers with it: one zod schema per shape, the types are their
 * z.output (GET /branding/{id} shows both, the portal renders the resolved one). Strict: a key
 * the service returns that is not here fails output validation.
 */
const frontPageLinkOutput = z.strictObject({ label: z.string(), url: z.string() });
export type FrontPageLink = z.output<typeof frontPageLinkOutput>;

/** An instance portal's front page as stored (null = not set, the default applies). */
export const frontPageOutput = z.strictObject({
  headline: z.string().nullable(),
  welcome_text: z.string().nullable(),
  links: z.array(frontPageLinkOutput),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_address: z.string().nullable(),
  page_title: z.string().nullable(),
});
export type FrontPage = z.output<typeof frontPageOutput>;

/** The front page as the portal shows it: defaults filled in. */
export const resolvedFrontPageOutput = z.strictObject({
  headline: z.string(),
  welcome_text: z.string(),
  links: z.array(frontPageLinkOutput),
  contact_email: z.string(),
  contact_phone: z.string(),
  contact_address: z.string(),
  page_title: z.string(),
});
export type ResolvedFrontPage = z.output<typeof resolvedFrontPageOutput>;

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
