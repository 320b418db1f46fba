import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { getTwoFactorStatus } from '../../../domain/two-factor';
import { twoFactor } from './area';

export const getStatus = twoFactor
  .authed(
    'GET /two-factor/status',
    'Whether two-factor authentication is on, and how many recovery codes are left',
  )
  .output(envelope(z.object({ confirmed: z.boolean(), recovery_codes_count: z.number().int() })))
  .query(async ({ ctx }) => ok(await getTwoFactorStatus(ctx.deps, ctx.user)));
