import { z } from 'zod';

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
