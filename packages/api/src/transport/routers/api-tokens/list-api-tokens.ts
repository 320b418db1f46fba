import { z } from 'zod';
import { envelope, ok } from '../../envelope';
import { listApiTokens as list, apiTokenOutput } from '../../../domain/api-tokens';
import { apiTokens } from './area';

export const listApiTokens = apiTokens
  .session(
    'GET /user/api-tokens',
    'Your live API tokens, newest first (never the tokens themselves)',
    { description: 'Signed-in sessions only: API tokens cannot manage tokens.' },
  )
  .output(envelope(z.array(apiTokenOutput)))
  .query(async ({ ctx }) => ok(await list(ctx.deps, ctx.user)));
