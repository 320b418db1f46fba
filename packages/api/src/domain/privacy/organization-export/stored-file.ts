import type { AppDeps } from '../../../core/app-deps';

/** Opens a stored file for the archive, or an empty one when it is gone. */
export const fileOf = (deps: AppDeps, key: string) => async () =>
  (await deps.storage.openRead(key))?.stream ?? Buffer.alloc(0);
