import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { activitySummary as summarise } from '../../../domain/activity';
import { authedProcedure } from '../../trpc';
import { activityFilterInput } from './schemas';

export const activitySummary = authedProcedure
  .meta({
    scope: 'profile:read',
    openapi: {
      method: 'GET',
      path: '/activity/summary',
      tags: ['profile'],
      summary: 'Successful sign-ins, failed attempts and active devices over a period',
      protect: true,
    },
  })
  .input(z.object({ days: activityFilterInput.days }))
  .output(
    envelope(
      z.strictObject({
        successful_logins: z.number().int(),
        failed_attempts: z.number().int(),
        active_devices: z.number().int(),
        days: z.number().int(),
      }),
    ),
  )
  .query(async ({ ctx, input }) => ok(await summarise(ctx.deps, ctx.user.id, input.days)));
