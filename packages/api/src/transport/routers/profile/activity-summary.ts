import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import {
  activityFilterInput,
  activitySummaryOutput,
  activitySummary as summarise,
} from '../../../domain/activity';
import { authedProcedure } from '../../trpc';

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
  .output(envelope(activitySummaryOutput))
  .query(async ({ ctx, input }) => ok(await summarise(ctx.deps, ctx.user.id, input.days)));
