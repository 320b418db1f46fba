import { getPolicy, policyOutput } from '../../../domain/sso';
import { organizationIdInput } from '../organizations/organization-output';
import { sso } from './area';

export const getSsoPolicy = sso
  .session(
    'GET /organizations/{id}/sso-policy',
    'The sign-in policies of an organization: Require SSO and Require two-factor',
    { permission: 'manage' },
  )
  .answers(organizationIdInput, policyOutput, ({ ctx, input }) =>
    getPolicy(ctx.deps, ctx.user, input.id),
  );
