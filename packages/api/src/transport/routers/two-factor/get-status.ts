import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { getTwoFactorStatus } from '../../../domain/two-factor';
import { authedProcedure } from '../../trpc';

export const getStatus = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/two-factor/status',
      tags: ['two-factor'],
      summary: 'Whether two-factor authentication is on, and how many recovery codes are left',
      protect: true,
    },
  })
  .output(envelope(z.object({ confirmed: z.boolean(), recovery_codes_count: z.number().int() })))
  .query(async ({ ctx }) => ok(await getTwoFactorStatus(ctx.deps, ctx.user)));
