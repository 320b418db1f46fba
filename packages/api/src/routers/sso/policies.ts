import { z } from 'zod';
import { SSO_POLICY_TEXTS } from '../../contracts/sso';
import { envelope, ok } from '../../lib/envelope';
import { getPolicy, updatePolicy } from '../../services/sso';
import { sessionProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';

const PATH = '/organizations/{id}/sso-policy';

export const policyOutput = z.object({
  require_sso: z
    .boolean()
    .describe(
      'Members whose e-mail is at a verified domain must sign in through the identity provider ' +
        '(password and passkey sign-ins answer 403 SSO_REQUIRED with sso_url); the owner keeps a ' +
        'break-glass sign-in with password and second factor, recorded and e-mailed to the admins',
    ),
  require_two_factor: z
    .boolean()
    .describe(
      'Members who do not sign in through SSO need TOTP or a passkey: until they enrol, calls to ' +
        'the organization answer 403 TWO_FACTOR_REQUIRED',
    ),
  can_require_sso: z.boolean().describe('A connection test has succeeded'),
  require_sso_blocked_reason: z.string().nullable(),
  tested_connection: z.string().nullable(),
  verified_domains: z.array(z.string()),
  covered_member_count: z
    .number()
    .int()
    .describe('Members (not the owner) whose e-mail is at a verified domain'),
  updated_at: z.string().nullable(),
});

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

export const updateSsoPolicy = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'PATCH',
      path: PATH,
      tags: ['sso'],
      summary: 'Change the sign-in policies { require_sso, require_two_factor }',
      description:
        'require_sso can be switched on only after a connection test succeeded (422 otherwise). ' +
        'Switching it on ends the sessions of covered members that did not come through single ' +
        'sign-on.',
      protect: true,
    },
  })
  .input(
    z.object({
      id: z.string(),
      require_sso: z.boolean({ error: 'require_sso must be true or false' }).optional(),
      require_two_factor: z
        .boolean({ error: 'require_two_factor must be true or false' })
        .optional(),
    }),
  )
  .output(envelope(policyOutput))
  .mutation(async ({ ctx, input }) => {
    const { id, ...rest } = input;
    return ok(await updatePolicy(ctx.deps, ctx.req, ctx.user, id, rest), SSO_POLICY_TEXTS.updated);
  });
