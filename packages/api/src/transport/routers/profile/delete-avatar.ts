import { envelope, ok } from '../../envelope';
import { AVATAR_TEXTS, removeAvatar } from '../../../domain/profile';
import { toUserOutput, userOutput } from '../../../domain/accounts';
import { profile } from './area';

export const deleteAvatar = profile
  .authed('DELETE /profile/avatar', 'Remove the profile photo', {
    description:
      'Uploading is POST /profile/avatar with multipart/form-data, file field `avatar` ' +
      '(PNG, JPEG or WebP, at most 2MB); it answers the updated user.',
  })
  .output(envelope(userOutput))
  .mutation(async ({ ctx }) =>
    ok(toUserOutput(await removeAvatar(ctx.deps, ctx.req, ctx.user)), AVATAR_TEXTS.removed),
  );
