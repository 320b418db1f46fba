import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import {
  regenerateRecoveryCodes as regenerate,
  TWO_FACTOR_TEXTS,
} from '../../../domain/two-factor';
import { authedProcedure } from '../../trpc';

export const regenerateRecoveryCodes = authedProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/two-factor/recovery-codes',
      tags: ['two-factor'],
      summary: 'Replace all recovery codes (current password required)',
      protect: true,
    },
  })
  .input(
    z.object({
      password: z
        .string({ error: 'Password is required' })
        .refine((value) => value.trim().length > 0, 'Password is required')
        .refine((value) => value.length <= 1000, 'Password is required'),
    }),
  )
  .output(envelope(z.object({ recovery_codes: z.array(z.string()) })))
  .mutation(async ({ ctx, input }) =>
    ok(await regenerate(ctx.deps, ctx.req, ctx.user, input.password), TWO_FACTOR_TEXTS.regenerated),
  );
