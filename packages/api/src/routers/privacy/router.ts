import { router } from '../../trpc';
import { deleteAccount, restoreAccount } from './account-deletion';
import { confirmPassword } from './confirm-password';
import { createDataExport, listDataExportsProcedure } from './data-exports';

/** Privacy and the data lifecycle (issue 38): re-authentication, data exports. */
export const privacyRouter = router({
  confirmPassword,
  createDataExport,
  listDataExports: listDataExportsProcedure,
  deleteAccount,
  restoreAccount,
});
