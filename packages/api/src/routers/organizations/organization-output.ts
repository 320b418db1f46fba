import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../../contracts/roles';
import { ORGANIZATION_TYPES } from '../../contracts/organizations';

export const organizationSchema = z.object({
  id: z.string(),
  uuid: z.string(),
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

/** The public fallback lookup exposes only these. */
export const publicOrganizationSchema = z.object({
  name: z.string(),
  subdomain: z.string(),
  uuid: z.string(),
  status: z.string(),
});

export const organizationIdInput = z.object({ id: z.string() });
