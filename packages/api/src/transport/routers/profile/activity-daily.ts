import { z } from 'zod';
import {
  activityDaily as daily,
  activityDailyOutput,
  activityFilterInput,
} from '../../../domain/activity';
import { profile } from './area';

export const activityDaily = profile
  .authed(
    'GET /activity/daily',
    'Activity events per day over a period, split by type (for the activity chart)',
    {
      scope: 'profile:read',
      description:
        'The same filters as GET /activity (type: all, login, security, profile, organization or ' +
        'settings; days: 7, 30, 90 or 365, default 30). One entry per UTC calendar day, oldest ' +
        'first: today and the days - 1 days before it; days without events count 0.',
    },
  )
  .answers(z.object(activityFilterInput), activityDailyOutput, ({ ctx, input }) =>
    daily(ctx.deps, ctx.user.id, input),
  );
