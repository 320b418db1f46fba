import { envelope, ok } from '../../envelope';
import { pendingEmailChange, profileOutput, toProfileOutput } from '../../../domain/profile';
import { authedProcedure } from '../../trpc';

export const getProfile = authedProcedure
  .meta({
    scope: 'profile:read',
    openapi: {
      method: 'GET',
      path: '/profile',
      tags: ['profile'],
      summary: 'The signed-in user profile',
      description: 'With `pending_email` while a requested e-mail change awaits its confirmation.',
      protect: true,
    },
  })
  .output(envelope(profileOutput))
  .query(async ({ ctx }) =>
    ok(toProfileOutput(ctx.user, await pendingEmailChange(ctx.deps, ctx.user.id))),
  );
