import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { authedProcedure } from '../../trpc';

export const validateSession = authedProcedure
  .meta({
    scope: 'profile:read',
    openapi: {
      method: 'GET',
      path: '/auth/validate-session',
      tags: ['auth'],
      summary: 'Whether the bearer token is a live session',
      protect: true,
    },
  })
  .output(envelope(z.object({ valid: z.boolean() })))
  .query(() => ok({ valid: true }));
