import { router } from '../../trpc';
import { confirmPassword } from './confirm-password';
import { createDataExport } from './create-data-export';
import { createOrganizationDataExport } from './create-organization-data-export';
import { deleteAccount } from './delete-account';
import { listDataExports } from './list-data-exports';
import { listOrganizationDataExports } from './list-organization-data-exports';
import { restoreAccount } from './restore-account';

/** Privacy and the data lifecycle (issue 38): re-authentication, data exports. */
export const privacyRouter = router({
  confirmPassword,
  createDataExport,
  listDataExports,
  createOrganizationDataExport,
  listOrganizationDataExports,
  deleteAccount,
  restoreAccount,
});
