import type { AppDeps } from '../../app-deps';

/**
 * Deleting an organization is now scheduled (issue 38): DELETE /organizations/{id} closes it
 * (privacy/organization-closure/closure.ts) and the purge job deletes its rows and files 60 days
 * later (privacy/organization-closure/purge.ts). What stays here is shared by those and by
 * instance deletion: removing stored files once the transaction that dropped their rows committed.
 */
export async function deleteStoredFiles(deps: AppDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.storage.delete(key);
    } catch (error) {
      deps.logger.warn({ err: error, key }, 'could not delete a stored file');
    }
  }
}
