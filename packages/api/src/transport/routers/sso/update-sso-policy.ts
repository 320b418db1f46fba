import { z } from 'zod';
import { SSO_POLICY_TEXTS } from '../../../contracts/sso';
import { updatePolicy, policyOutput } from '../../../domain/sso';
import { sso } from './area';

export const updateSsoPolicy = sso
  .session(
    'PATCH /organizations/{id}/sso-policy',
    'Change the sign-in policies { require_sso, require_two_factor }',
    {
      permission: 'manage',
      description:
        'require_sso can be switched on only after a connection test succeeded (422 otherwise). ' +
        'Switching it on ends the sessions of covered members that did not come through single ' +
        'sign-on.',
    },
  )
  .answers(
    z.object({
      id: z.string(),
      require_sso: z.boolean({ error: 'require_sso must be true or false' }).optional(),
      require_two_factor: z
        .boolean({ error: 'require_two_factor must be true or false' })
        .optional(),
    }),
    policyOutput,
    SSO_POLICY_TEXTS.updated,
    ({ ctx, input: { id, ...rest } }) => updatePolicy(ctx.deps, ctx.req, ctx.user, id, rest),
  );
