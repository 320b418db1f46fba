import { envelope, ok } from '../../envelope';
import { AVATAR_TEXTS, removeAvatar } from '../../../domain/profile';
import { authedProcedure } from '../../trpc';
import { toUserOutput, userOutput } from '../../../domain/accounts';

export const deleteAvatar = authedProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/profile/avatar',
      tags: ['profile'],
      summary: 'Remove the profile photo',
      description:
        'Uploading is POST /profile/avatar with multipart/form-data, file field `avatar` ' +
        '(PNG, JPEG or WebP, at most 2MB); it answers the updated user.',
      protect: true,
    },
  })
  .output(envelope(userOutput))
  .mutation(async ({ ctx }) =>
    ok(toUserOutput(await removeAvatar(ctx.deps, ctx.req, ctx.user)), AVATAR_TEXTS.removed),
  );
