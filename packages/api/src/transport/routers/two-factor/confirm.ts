import { z } from 'zod';
import { confirmTwoFactorSetup, TWO_FACTOR_TEXTS } from '../../../domain/two-factor';
import { twoFactor } from './area';

export const confirm = twoFactor
  .authed(
    'POST /two-factor/confirm',
    'Turn two-factor on with a code from the authenticator; returns the recovery codes once',
  )
  .answers(
    z.object({
      code: z
        .string({ error: 'The verification code is required' })
        .trim()
        .min(1, 'The verification code is required')
        .regex(/^\d{6}$/, 'The verification code must be 6 digits'),
    }),
    z.object({ recovery_codes: z.array(z.string()) }),
    TWO_FACTOR_TEXTS.enabled,
    ({ ctx, input }) => confirmTwoFactorSetup(ctx.deps, ctx.req, ctx.user, input.code),
  );
