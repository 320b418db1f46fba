import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listSessions as list, sessionOutput } from '../../../domain/profile';
import { sessionProcedure } from '../../trpc';

export const listSessions = sessionProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/profile/sessions',
      tags: ['profile'],
      summary: 'The signed-in sessions of this account',
      protect: true,
    },
  })
  .output(envelope(z.array(sessionOutput)))
  .query(async ({ ctx }) => ok(await list(ctx.deps, ctx.user, ctx.session)));
