import { envelope, ok } from '../../envelope';
import { getPolicy } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';
import { policyOutput } from './policy-schemas';

const PATH = '/organizations/{id}/sso-policy';

export const getSsoPolicy = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: PATH,
      tags: ['sso'],
      summary: 'The sign-in policies of an organization: Require SSO and Require two-factor',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(envelope(policyOutput))
  .query(async ({ ctx, input }) => ok(await getPolicy(ctx.deps, ctx.user, input.id)));
