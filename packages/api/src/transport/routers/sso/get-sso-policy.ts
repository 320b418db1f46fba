import { envelope, ok } from '../../envelope';
import { getPolicy, policyOutput } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';
import { ssoManageMeta } from './manage-meta';

const PATH = '/organizations/{id}/sso-policy';

export const getSsoPolicy = sessionProcedure
  .meta(
    ssoManageMeta({
      method: 'GET',
      path: PATH,
      summary: 'The sign-in policies of an organization: Require SSO and Require two-factor',
    }),
  )
  .input(organizationIdInput)
  .output(envelope(policyOutput))
  .query(async ({ ctx, input }) => ok(await getPolicy(ctx.deps, ctx.user, input.id)));
