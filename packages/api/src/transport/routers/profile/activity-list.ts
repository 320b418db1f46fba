import { z } from 'zod';
import { okPage } from '../../envelope';
import { activityFilterInput, activityOutput, listActivity } from '../../../domain/activity';
import { cursorPageInput, pagedEnvelope } from './schemas';
import { profile } from './area';

export const activityList = profile
  .authed('GET /activity', 'The activity log, newest first, by cursor', {
    scope: 'profile:read',
    description:
      'type: all, login, security, profile, organization or settings; days: 7, 30, 90 or 365 ' +
      '(default 30). The same filters as CSV: GET /activity/export?type=&days= (a file download, ' +
      'text/csv, cells starting with = + - @ are prefixed with a quote).',
  })
  .input(
    z.object({
      ...activityFilterInput,
      ...cursorPageInput,
    }),
  )
  .output(pagedEnvelope(activityOutput))
  .query(async ({ ctx, input }) => okPage(await listActivity(ctx.deps, ctx.user.id, input)));
