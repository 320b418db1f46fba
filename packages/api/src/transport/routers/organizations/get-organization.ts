import { envelope, ok } from '../../envelope';
import { getOrganization as getOwned } from '../../../domain/organizations';
import { organizationIdInput } from './organization-output';
import { organizationSchema } from '../../../contracts/organizations-schemas';
import { organizations, viewOrganization } from './area';

export const getOrganization = organizations
  .authed('GET /organizations/{id}', 'One of your organizations', viewOrganization)
  .input(organizationIdInput)
  .output(envelope(organizationSchema))
  .query(async ({ ctx, input }) => ok(await getOwned(ctx.deps, ctx.user.id, input.id)));
