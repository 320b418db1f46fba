import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope';
import { authedProcedure } from '../../trpc';
import { toUserOutput, userOutput } from '../auth/user-output';

export const getProfile = authedProcedure
  .meta({
    scope: 'profile:read',
    openapi: {
      method: 'GET',
      path: '/profile',
      tags: ['profile'],
      summary: 'The signed-in user profile',
      protect: true,
    },
  })
  .input(z.void())
  .output(envelope(userOutput))
  .query(({ ctx }) => ok(toUserOutput(ctx.user)));
