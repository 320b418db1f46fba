import { getOrganization as getOwned } from '../../../domain/organizations';
import { organizationIdInput } from './organization-output';
import { organizationSchema } from '../../../contracts/organizations-schemas';
import { organizations, viewOrganization } from './area';

export const getOrganization = organizations
  .authed('GET /organizations/{id}', 'One of your organizations', viewOrganization)
  .answers(organizationIdInput, organizationSchema, ({ ctx, input }) =>
    getOwned(ctx.deps, ctx.user.id, input.id),
  );
