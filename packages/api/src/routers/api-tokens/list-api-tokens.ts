import { z } from 'zod';
import { envelope, ok } from '../../lib/envelope';
import { listApiTokens as list } from '../../services/api-tokens';
import { sessionProcedure } from '../../trpc';
import { apiTokenOutput } from '../../services/api-tokens/api-token-schema';

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
