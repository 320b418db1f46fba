import { z } from 'zod';
import { ORGANIZATION_TYPES } from './organizations';
import { publicIdFields } from './response-fields';
import { ORGANIZATION_ROLES } from './roles';

/**
 * The organization shapes the API answers with: one zod schema each, the service's return type is
 * its z.output, the router's .output() is the schema itself. Strict: a key the service returns
 * that is not here fails output validation (the doors-agree test calls every procedure).
 */
export const organizationSchema = z.strictObject({
  ...publicIdFields,
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  description: z.string().nullable(),
  subdomain: z.string().nullable(),
  status: z.string(),
  location_count: z.number().int(),
  instance_count: z.number().int(),
  /** The caller's role in this organization. */
  role: z.enum(ORGANIZATION_ROLES),
  /** Set while `status` is `closing` (DELETE /organizations/{id}): closed at, data deleted at. */
  closing_at: z.string().nullable(),
  purge_at: z.string().nullable(),
  created_at: z.string(),
});

/** An organization as the API shows it to one of its members. */
export type OrganizationOutput = z.output<typeof organizationSchema>;

/** The public fallback lookup exposes only these. */
export const publicOrganizationSchema = z.strictObject({
  name: z.string(),
  subdomain: z.string(),
  uuid: z.string(),
  status: z.string(),
});

export type PublicOrganization = z.output<typeof publicOrganizationSchema>;
