import { envelope, ok } from '../../envelope';
import { authedProcedure } from '../../trpc';
import { toUserOutput, userOutput } from '../../../domain/accounts';

export const me = authedProcedure
  .meta({
    scope: 'profile:read',
    openapi: {
      method: 'GET',
      path: '/user',
      tags: ['auth'],
      summary: 'The signed-in user',
      protect: true,
    },
  })
  .output(envelope(userOutput))
  .query(({ ctx }) => ok(toUserOutput(ctx.user)));
