import {
  BRANDING_COLOR_FIELDS,
  BRANDING_TEXT_FIELDS,
  EDITOR_BRANDING_DEFAULTS,
  brandingFieldsInput,
  type BrandingEditableField,
} from '@scmp/api/contracts';
import type { BrandingData } from './api';

/** The editor's form: every text and colour field as a string ('' = not set). */
export type BrandingFormValues = Record<BrandingEditableField, string>;

/** Stored values → form values; blank colours start at the editor defaults (spec part 2 §3). */
export function formValuesOf(data: BrandingData): BrandingFormValues {
  const values = {} as BrandingFormValues;
  for (const field of BRANDING_TEXT_FIELDS) values[field] = data[field] ?? '';
  for (const field of BRANDING_COLOR_FIELDS) {
    values[field] = data[field] ?? EDITOR_BRANDING_DEFAULTS[field];
  }
  return values;
}

/** Client rules mirror the server's schema (the server also parses the CSS and HTML). */
export function validateBrandingForm(values: BrandingFormValues): Record<string, string> {
  const result = brandingFieldsInput.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The PUT body: empty text is sent as null (spec part 2 §5). */
export function payloadOf(
  values: BrandingFormValues,
): Record<BrandingEditableField, string | null> {
  const payload = {} as Record<BrandingEditableField, string | null>;
  for (const [key, value] of Object.entries(values) as Array<[BrandingEditableField, string]>) {
    payload[key] = value.trim() === '' ? null : value;
  }
  return payload;
}
