import type { Logger } from './logger';

/**
 * Removes stored files (uploads) once the transaction that dropped their rows committed (instance
 * deletion's branding files). A file that cannot be removed is logged, never fatal: the rows are
 * already gone.
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
