import { z } from 'zod';
import {
  regenerateRecoveryCodes as regenerate,
  TWO_FACTOR_TEXTS,
} from '../../../domain/two-factor';
import { twoFactor } from './area';

export const regenerateRecoveryCodes = twoFactor
  .authed(
    'POST /two-factor/recovery-codes',
    'Replace all recovery codes (current password required)',
  )
  .answers(
    z.object({
      password: z
        .string({ error: 'Password is required' })
        .refine((value) => value.trim().length > 0, 'Password is required')
        .refine((value) => value.length <= 1000, 'Password is required'),
    }),
    z.object({ recovery_codes: z.array(z.string()) }),
    TWO_FACTOR_TEXTS.regenerated,
    ({ ctx, input }) => regenerate(ctx.deps, ctx.req, ctx.user, input.password),
  );
