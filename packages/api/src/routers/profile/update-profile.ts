import { envelope, ok } from '../../lib/envelope';
import { PROFILE_TEXTS, updateProfile as saveProfile } from '../../services/profile/profile';
import { authedProcedure } from '../../trpc';
import { toUserOutput, userOutput } from '../auth/user-output';
import { profileInput } from './schemas';

export const updateProfile = authedProcedure
  .meta({
    openapi: {
      method: 'PUT',
      path: '/profile',
      tags: ['profile'],
      summary: 'Update the personal information',
      description:
        'A new e-mail address becomes unverified: a verification link goes to it and a notice to ' +
        'the old address. Optional fields left out stay as they are; empty strings clear them.',
      protect: true,
    },
  })
  .input(profileInput)
  .output(envelope(userOutput))
  .mutation(async ({ ctx, input }) =>
    ok(toUserOutput(await saveProfile(ctx.deps, ctx.req, ctx.user, input)), PROFILE_TEXTS.updated),
  );
