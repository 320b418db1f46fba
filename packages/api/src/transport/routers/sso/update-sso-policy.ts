import { z } from 'zod';
import { SSO_POLICY_TEXTS } from '../../../contracts/sso';
import { envelope, ok } from '../../envelope';
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
