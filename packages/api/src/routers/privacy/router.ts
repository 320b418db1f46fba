import { router } from '../../trpc';
import { deleteAccount, restoreAccount } from './account-deletion';
import { confirmPassword } from './confirm-password';
import { createDataExport, listDataExportsProcedure } from './data-exports';
import {
  createOrganizationDataExport,
  listOrganizationDataExports,
} from './organization-data-exports';

/** Privacy and the data lifecycle (issue 38): re-authentication, data exports. */
export const privacyRouter = router({
  confirmPassword,
  createDataExport,
  listDataExports: listDataExportsProcedure,
  createOrganizationDataExport,
  listOrganizationDataExports,
  deleteAccount,
  restoreAccount,
});
