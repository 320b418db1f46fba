import type { Logger } from '../logger';

/**
 * Removes stored files (uploads) once the transaction that dropped their rows committed: used by
 * instance deletion and by the purge of a closed organization (privacy/organization-closure/
 * purge.ts). A file that cannot be removed is logged, never fatal.
 */
export async function deleteStoredFiles(
  deps: { storage: { delete(key: string): Promise<unknown> }; logger: Pick<Logger, 'warn'> },
  keys: string[],
): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.logger.warn({ err: error, key }, 'could not delete a stored file');
    }
  }
}
