import { z } from 'zod';
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
  .answers(z.object({ days: activityFilterInput.days }), activitySummaryOutput, ({ ctx, input }) =>
    summarise(ctx.deps, ctx.user.id, input.days),
  );
