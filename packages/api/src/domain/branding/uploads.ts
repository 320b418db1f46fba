import type { AppDeps } from '../../core/app-deps';
import { AppError } from '../../core/errors';
import {
  BRANDING_FILE_NAME,
  checkBrandingUpload,
  missingFileError,
  newBrandingFileName,
  type BrandingFileKind,
} from './files';
import { invalidateCache, saveBranding } from './branding';
import { findBrandingTarget } from './target';
import { ensureRow, rowOf, viewOf } from './view';
import type { BrandingView } from './branding-schema';

const pathColumn = (kind: BrandingFileKind) => (kind === 'logo' ? 'logo_path' : 'favicon_path');

async function removeStoredFile(deps: AppDeps, key: string | null | undefined): Promise<void> {
  if (!key || !BRANDING_FILE_NAME.test(key)) return;
  try {
    await deps.storage.delete(key);
  } catch (error) {
    deps.logger.warn({ err: error, key }, 'Could not delete a replaced branding file');
  }
}

/**
 * Stores an uploaded logo or favicon (type from the bytes, SVG sanitised) and removes the one it
 * replaces; no file or an empty one answers 422. A failure leaves neither a new file nor a row.
 */
export async function uploadBrandingFile(
  deps: AppDeps,
  userId: number,
  id: string,
  kind: BrandingFileKind,
  bytes: Buffer | undefined,
): Promise<BrandingView> {
  // Access first (404 for a non-member, 403 for a role without 'manage'), then the file.
  const target = await findBrandingTarget(deps, userId, id, 'manage');
  if (!bytes || bytes.length === 0) throw missingFileError(kind);
  const checked = await checkBrandingUpload(kind, bytes);
  const name = newBrandingFileName(checked.ext);
  await deps.storage.put(name, checked.bytes);
  const column = pathColumn(kind);
  let previous: string | null;
  try {
    const row = await ensureRow(deps, target);
    previous = row[column];
    await saveBranding(deps, target, row.id, { [column]: name });
  } catch (error) {
    await removeStoredFile(deps, name);
    throw error;
  }
  if (previous && previous !== name) await removeStoredFile(deps, previous);
  await invalidateCache(deps);
  return viewOf(deps, target);
}

/** Deletes the logo or favicon of a branding (and its stored file). */
export async function deleteBrandingFile(
  deps: AppDeps,
  userId: number,
  id: string,
  kind: BrandingFileKind,
): Promise<BrandingView> {
  const target = await findBrandingTarget(deps, userId, id, 'manage');
  const row = await rowOf(deps, target);
  const column = pathColumn(kind);
  const previous = row?.[column] ?? null;
  if (row && previous) {
    await saveBranding(deps, target, row.id, { [column]: null });
    await removeStoredFile(deps, previous);
  }
  await invalidateCache(deps);
  return viewOf(deps, target);
}

/** An uploaded branding file for GET /files/branding/:name, or 404. */
export async function brandingFileForDownload(
  deps: AppDeps,
  name: string,
): Promise<{ bytes: Buffer; ext: string }> {
  const match = BRANDING_FILE_NAME.exec(name);
  if (!match) throw new AppError('NOT_FOUND', 'File not found.');
  const bytes = await deps.storage.get(name);
  if (!bytes) throw new AppError('NOT_FOUND', 'File not found.');
  return { bytes, ext: match[1]! };
}
