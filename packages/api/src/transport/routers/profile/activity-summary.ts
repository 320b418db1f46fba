import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import {
  activityFilterInput,
  activitySummaryOutput,
  activitySummary as summarise,
} from '../../../domain/activity';
import { profile } from './area';

export const activitySummary = profile
  .authed(
    'GET /activity/summary',
    'Successful sign-ins, failed attempts and active devices over a period',
    { scope: 'profile:read' },
  )
  .input(z.object({ days: activityFilterInput.days }))
  .output(envelope(activitySummaryOutput))
  .query(async ({ ctx, input }) => ok(await summarise(ctx.deps, ctx.user.id, input.days)));
