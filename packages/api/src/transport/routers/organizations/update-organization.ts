import { z } from 'zod';
import { ORGANIZATION_TEXTS, ORGANIZATION_TYPES } from '../../../contracts/organizations';
import { optionalSubdomainSchema } from '../../../contracts/subdomain-schemas';
import { updateOrganization as update } from '../../../domain/organizations';
import { organizationSchema } from '../../../contracts/organizations-schemas';
import { organizations, manageOrganization } from './area';

/**
 * PUT with name, type, description, subdomain. An empty or missing subdomain keeps the current
 * one; a new one re-hosts the organization's live instances (see updateOrganization).
 */
export const updateOrganization = organizations
  .authed('PUT /organizations/{id}', 'Update an organization', manageOrganization)
  .answers(
    z.object({
      id: z.string(),
      name: z
        .string({ error: ORGANIZATION_TEXTS.editNameRequired })
        .trim()
        .min(1, ORGANIZATION_TEXTS.editNameRequired)
        .max(255, 'Organisation name must be at most 255 characters'),
      type: z.enum(ORGANIZATION_TYPES, { error: ORGANIZATION_TEXTS.editTypeRequired }),
      description: z
        .string()
        .trim()
        .max(2000, 'Description must be at most 2000 characters')
        .nullish(),
      subdomain: optionalSubdomainSchema,
    }),
    organizationSchema,
    ORGANIZATION_TEXTS.updated,
    ({ ctx, input: { id, ...changes } }) => update(ctx.deps, ctx.req, ctx.user, id, changes),
  );
