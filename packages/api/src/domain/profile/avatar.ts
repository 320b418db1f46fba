import { randomBytes } from 'node:crypto';
import type { ClientInfo } from '../../core/client-info';
import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import { loadFileType, loadSharp } from '../../core/lazy-module';
import { recordActivity } from '../activity';
import type { SessionUser } from '../sessions';

type Req = ClientInfo;

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;
const ALLOWED = new Set(['image/png', 'image/jpeg', 'image/webp']);
const NAME_RE = /^[a-z0-9]{32}\.webp$/;

export const AVATAR_TEXTS = {
  required: 'Please choose an image to upload.',
  tooLarge: 'The avatar may not be larger than 2MB.',
  badType: 'The avatar must be a PNG, JPEG or WebP image.',
  unreadable: 'The image could not be read.',
  updated: 'Profile photo updated.',
  removed: 'Profile photo removed.',
} as const;

export function avatarTooLargeError(): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', AVATAR_TEXTS.tooLarge, {
    errors: { avatar: [AVATAR_TEXTS.tooLarge] },
  });
}

/** Checks the bytes, makes a 256px square WebP and stores it as the user's avatar. */
export async function saveAvatar(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  bytes: Buffer,
): Promise<SessionUser> {
  if (bytes.length === 0) {
    throw new AppError('VALIDATION_ERROR', AVATAR_TEXTS.required, {
      errors: { avatar: [AVATAR_TEXTS.required] },
    });
  }
  if (bytes.length > AVATAR_MAX_BYTES) throw avatarTooLargeError();
  const type = await (await loadFileType()).fileTypeFromBuffer(bytes);
  if (!type || !ALLOWED.has(type.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', AVATAR_TEXTS.badType, {
      errors: { avatar: [AVATAR_TEXTS.badType] },
    });
  }
  const sharp = await loadSharp();
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('VALIDATION_ERROR', AVATAR_TEXTS.unreadable, {
      errors: { avatar: [AVATAR_TEXTS.unreadable] },
    });
  }
  const name = `${randomBytes(16).toString('hex')}.webp`;
  await deps.storage.put(`avatars/${name}`, output);
  return replaceAvatarPath(deps, req, user, name);
}

export async function removeAvatar(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
): Promise<SessionUser> {
  return replaceAvatarPath(deps, req, user, null);
}

/**
 * Points the user at a new avatar file (or none), deletes the file it replaces and records the
 * change in the activity log (a removal only when there was a photo to remove).
 */
async function replaceAvatarPath(
  deps: AppDeps,
  req: Req,
  user: SessionUser,
  name: string | null,
): Promise<SessionUser> {
  const updated = await deps.db
    .updateTable('users')
    .set({ avatar_path: name, updated_at: deps.clock.now() })
    .where('id', '=', user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (user.avatar_path && NAME_RE.test(user.avatar_path)) {
    await deps.storage.delete(`avatars/${user.avatar_path}`);
  }
  if (name || user.avatar_path) {
    await recordActivity(deps, req, {
      userId: user.id,
      type: 'profile',
      ...(name
        ? { action: 'profile.avatar_updated', description: 'Updated profile photo' }
        : { action: 'profile.avatar_removed', description: 'Removed profile photo' }),
    });
  }
  return updated;
}

/** The stored avatar bytes for GET /files/avatars/:name, or null. */
export async function readAvatar(deps: AppDeps, name: string): Promise<Buffer | null> {
  if (!NAME_RE.test(name)) return null;
  return deps.storage.get(`avatars/${name}`);
}
