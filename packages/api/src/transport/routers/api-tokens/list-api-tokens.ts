import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listApiTokens as list, apiTokenOutput } from '../../../domain/api-tokens';
import { sessionProcedure } from '../../trpc';

export const listApiTokens = sessionProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/user/api-tokens',
      tags: ['api-tokens'],
      summary: 'Your live API tokens, newest first (never the tokens themselves)',
      description: 'Signed-in sessions only: API tokens cannot manage tokens.',
      protect: true,
    },
  })
  .output(envelope(z.array(apiTokenOutput)))
  .query(async ({ ctx }) => ok(await list(ctx.deps, ctx.user)));
