import { z } from 'zod';
import { ORGANIZATION_TEXTS, ORGANIZATION_TYPES } from '../../../contracts/organizations';
import { optionalSubdomainSchema } from '../../../contracts/subdomain-schemas';
import { createOrganization as create } from '../../../domain/organizations';
import { organizationSchema } from '../../../contracts/organizations-schemas';
import { createsOnce } from '../../create-meta';
import { organizations } from './area';

export const createOrganizationInput = z.object({
  name: z
    .string({ error: ORGANIZATION_TEXTS.nameRequired })
    .trim()
    .min(1, ORGANIZATION_TEXTS.nameRequired)
    .max(255, 'Organization name must be at most 255 characters'),
  type: z.enum(ORGANIZATION_TYPES, { error: ORGANIZATION_TEXTS.typeRequired }),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').nullish(),
  subdomain: optionalSubdomainSchema,
});

export const createOrganization = organizations
  .verified(
    'POST /organizations',
    'Create an organization (subdomain generated from the name when empty)',
    { scope: 'organizations:write', ...createsOnce },
  )
  .answers(
    createOrganizationInput,
    organizationSchema,
    ORGANIZATION_TEXTS.created,
    ({ ctx, input }) => create(ctx.deps, ctx.req, ctx.user, input),
  );
