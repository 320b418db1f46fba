import {
  BRANDING_COLOR_FIELDS,
  BRANDING_TEXT_FIELDS,
  type BrandingEditableField,
} from '@scmp/api/contracts/branding';
import { EDITOR_BRANDING_DEFAULTS } from '@scmp/api/contracts/branding-defaults';
import type { FrontPageLink, ResolvedFrontPage } from '@scmp/api/contracts/front-page-schemas';
import type { BrandingData } from './api';

/**
 * The front page fields of an instance's branding: the contract's front page with every field
 * filled, here with '' for not set (the default applies).
 */
export type FrontPageFormValues = ResolvedFrontPage;

export const FRONT_PAGE_TEXT_FIELDS = [
  'headline',
  'welcome_text',
  'contact_email',
  'contact_phone',
  'contact_address',
  'page_title',
] as const satisfies ReadonlyArray<Exclude<keyof FrontPageFormValues, 'links'>>;

/**
 * The editor's form: every text and colour field as a string ('' = not set), and an instance's
 * front page.
 */
export type BrandingFormValues = Record<BrandingEditableField, string> & {
  front_page: FrontPageFormValues;
};

function frontPageValuesOf(data: BrandingData): FrontPageFormValues {
  const stored = data.front_page;
  const values = {
    links: (stored?.links ?? []).map((l) => ({ label: l.label, url: l.url })),
  } as FrontPageFormValues;
  for (const field of FRONT_PAGE_TEXT_FIELDS) values[field] = stored?.[field] ?? '';
  return values;
}

/** Stored values → form values; blank colours start at the editor defaults (spec part 2 §3). */
export function formValuesOf(data: BrandingData): BrandingFormValues {
  const values = { front_page: frontPageValuesOf(data) } as BrandingFormValues;
  for (const field of BRANDING_TEXT_FIELDS) values[field] = data[field] ?? '';
  for (const field of BRANDING_COLOR_FIELDS) {
    values[field] = data[field] ?? EDITOR_BRANDING_DEFAULTS[field];
  }
  return values;
}

/** What the editor needs of a zod schema: its issues (path and message). */
type Rule = {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
};
type BrandingRules = { brandingFieldsInput: Rule; frontPageInput: Rule };
let rules: BrandingRules | null = null;

/**
 * The server's zod rules for the editor, loaded apart from the page (issue 36: the editor draws
 * without zod; the rules arrive once the form is first edited, and a save waits for them).
 */
export async function loadBrandingRules(): Promise<void> {
  if (rules) return;
  const [branding, frontPage] = await Promise.all([
    import('@scmp/api/contracts/branding-schemas'),
    import('@scmp/api/contracts/front-page-schemas'),
  ]);
  rules = {
    brandingFieldsInput: branding.brandingFieldsInput,
    frontPageInput: frontPage.frontPageInput,
  };
}

/**
 * Client rules mirror the server's schema (the server also parses the CSS and HTML). Before
 * loadBrandingRules has answered there is nothing to check against: the submit waits for it.
 */
export function validateBrandingForm(values: BrandingFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!rules) return errors;
  const { brandingFieldsInput, frontPageInput } = rules;
  const result = brandingFieldsInput.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '_');
      errors[key] ??= issue.message;
    }
  }
  const frontPage = frontPageInput.safeParse(values.front_page);
  if (!frontPage.success) {
    for (const issue of frontPage.error.issues) {
      // The same keys as the server's field errors: front_page.links.0.url and so on.
      const key = ['front_page', ...issue.path.map(String)].join('.');
      errors[key] ??= issue.message;
    }
  }
  return errors;
}

/** Whether two front pages say the same. */
export function sameFrontPage(a: FrontPageFormValues, b: FrontPageFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The PUT body: empty text is sent as null (spec part 2 §5); the front page only for an
 * instance's branding.
 */
export function payloadOf(
  values: BrandingFormValues,
  withFrontPage: boolean,
): Record<BrandingEditableField, string | null> & {
  front_page?: Record<string, string | null | FrontPageLink[]>;
} {
  const payload = {} as Record<BrandingEditableField, string | null> & {
    front_page?: Record<string, string | null | FrontPageLink[]>;
  };
  for (const key of [...BRANDING_TEXT_FIELDS, ...BRANDING_COLOR_FIELDS]) {
    const value = values[key];
    payload[key] = value.trim() === '' ? null : value;
  }
  if (withFrontPage) {
    const frontPage: Record<string, string | null | FrontPageLink[]> = {
      links: values.front_page.links.map((l) => ({ label: l.label.trim(), url: l.url.trim() })),
    };
    for (const key of FRONT_PAGE_TEXT_FIELDS) {
      const value = values.front_page[key];
      frontPage[key] = value.trim() === '' ? null : value;
    }
    payload.front_page = frontPage;
  }
  return payload;
}

/**
 * The form after a save answered: the server's values, except fields edited since the save was
 * sent, which keep their newer local value (and stay unsaved).
 */
export function mergeAfterSave(
  saved: BrandingFormValues,
  sent: BrandingFormValues,
  current: BrandingFormValues,
): BrandingFormValues {
  const next = { ...saved, front_page: saved.front_page };
  for (const key of [...BRANDING_TEXT_FIELDS, ...BRANDING_COLOR_FIELDS]) {
    if (current[key] !== sent[key]) next[key] = current[key];
  }
  if (!sameFrontPage(current.front_page, sent.front_page)) next.front_page = current.front_page;
  return next;
}
