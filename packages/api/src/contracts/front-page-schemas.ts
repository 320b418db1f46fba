import { z } from 'zod';
import {
  FRONT_PAGE_LABELS,
  FRONT_PAGE_LIMITS,
  FRONT_PAGE_MAX_LINKS,
  FRONT_PAGE_TEXTS,
  isHttpsUrl,
} from './front-page';

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
  label: z
    .string({ error: FRONT_PAGE_TEXTS.linkLabelRequired })
    .trim()
    .min(1, FRONT_PAGE_TEXTS.linkLabelRequired)
    .max(
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
