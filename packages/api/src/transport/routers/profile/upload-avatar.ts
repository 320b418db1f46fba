import { z } from 'zod';
import { AppError } from '../../../core/errors';
import { envelope, ok } from '../../envelope';
import { fileInput } from '../../file-input';
import {
  AVATAR_MAX_BYTES,
  AVATAR_TEXTS,
  avatarTooLargeError,
  saveAvatar,
} from '../../../domain/profile';
import { toUserOutput, userOutput } from '../../../domain/accounts';
import { profile } from './area';

const required = () =>
  new AppError('VALIDATION_ERROR', AVATAR_TEXTS.required, {
    errors: { avatar: [AVATAR_TEXTS.required] },
  });
const unreadable = () => new AppError('BAD_REQUEST', 'The multipart form could not be read.');

/**
 * POST /profile/avatar: an upload procedure (meta.multipart, one file named `avatar`) on both
 * doors. A profile edit: sessions only (no scope, so any API token answers 403).
 */
export const uploadAvatar = profile
  .authed('POST /profile/avatar', 'Upload a profile photo (multipart, one field named avatar)', {
    multipart: {
      fileField: 'avatar',
      single: true,
      maxFiles: 1,
      maxFileBytes: AVATAR_MAX_BYTES,
      errors: {
        tooManyFiles: unreadable,
        tooManyFields: unreadable,
        fileTooLarge: avatarTooLargeError,
        // A file in another field is no avatar: "choose an image".
        unexpectedFileField: required,
        notMultipart: () =>
          new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data.'),
      },
    },
    description:
      'multipart/form-data with one file field named `avatar`: PNG, JPEG or WebP up to 2MB. The ' +
      'type is decided from the bytes; the photo is stored as a 256px square WebP and replaces ' +
      '(and deletes) the previous one. No file → 422; too large → 413; another type → 415; a ' +
      'malformed body → 400. Answers the updated user.',
    contentTypes: ['multipart/form-data'],
  })
  .input(
    z.object({
      avatar: fileInput('The image file'),
    }),
  )
  .output(envelope(userOutput))
  .mutation(async ({ ctx, input }) => {
    if (!input.avatar) throw required();
    const bytes = Buffer.from(await input.avatar.arrayBuffer());
    const user = await saveAvatar(ctx.deps, ctx.req, ctx.user, bytes);
    return ok(toUserOutput(user), AVATAR_TEXTS.updated);
  });
