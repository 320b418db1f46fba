import { z } from 'zod';
import { brandingFieldsInput, publicBrandingSchema } from '../../contracts/branding-schemas';
import { frontPageOutput, resolvedFrontPageOutput } from '../../contracts/front-page-schemas';
import { publicIdFields } from '../../contracts/response-fields';

/** The stored text and colour fields, those PUT /branding/{id} takes and in its order: null = not set. */
const storedFields = Object.fromEntries(
  Object.keys(brandingFieldsInput.shape).map((field) => [field, z.string().nullable()]),
) as Record<keyof typeof brandingFieldsInput.shape, z.ZodNullable<z.ZodString>>;

/**
 * A branding as GET /branding/{id} shows it: one zod schema per shape; the service's return type is
 * its z.output and the routers' .output() reuse it. Strict: a key the service returns that is not
 * here fails output validation (the doors-agree test calls every procedure). This one: the stored
 * fields of one organization's or instance's branding plus the effective values; the front page
 * shapes are contracts (contracts/front-page-schemas.ts), since the web uses their types too.
 */
export const brandingOutput = z.strictObject({
  ...publicIdFields,
  type: z.enum(['organization', 'instance']),
  name: z.string(),
  organization_uuid: z.string(),
  ...storedFields,
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  updated_at: z.string().nullable(),
  resolved: publicBrandingSchema.describe(
    'Effective values after fallback: instance → organization → defaults, field by field',
  ),
  front_page: frontPageOutput
    .nullable()
    .describe("An instance portal's front page as stored; null for an organization's branding"),
  resolved_front_page: resolvedFrontPageOutput
    .nullable()
    .describe(
      'The front page as the portal shows it: headline and page title default to the school name, ' +
        'the welcome text to "Welcome to <name>."; null for an organization',
    ),
});

export type BrandingView = z.output<typeof brandingOutput>;
