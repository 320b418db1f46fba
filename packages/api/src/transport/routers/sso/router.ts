import { router } from '../../trpc';
import { addOrganizationDomain } from './add-organization-domain';
import { completeSso } from './complete-sso';
import { createSsoConnection } from './create-sso-connection';
import { deleteSsoConnection } from './delete-sso-connection';
import { getSsoConnection } from './get-sso-connection';
import { getSsoPolicy } from './get-sso-policy';
import { listOrganizationDomains } from './list-organization-domains';
import { listSsoConnections } from './list-sso-connections';
import { listSsoFailures } from './list-sso-failures';
import { removeOrganizationDomain } from './remove-organization-domain';
import { startSso } from './start-sso';
import { tenantSsoConnections } from './tenant-sso-connections';
import { testSsoConnection } from './test-sso-connection';
import { updateSsoConnection } from './update-sso-connection';
import { updateSsoPolicy } from './update-sso-policy';
import { verifyOrganizationDomain } from './verify-organization-domain';

/** Single sign-on (issue 37): verified e-mail domains, connections, signing in. */
export const ssoRouter = router({
  listDomains: listOrganizationDomains,
  addDomain: addOrganizationDomain,
  verifyDomain: verifyOrganizationDomain,
  removeDomain: removeOrganizationDomain,
  listConnections: listSsoConnections,
  createConnection: createSsoConnection,
  getConnection: getSsoConnection,
  updateConnection: updateSsoConnection,
  deleteConnection: deleteSsoConnection,
  testConnection: testSsoConnection,
  failures: listSsoFailures,
  getPolicy: getSsoPolicy,
  updatePolicy: updateSsoPolicy,
  start: startSso,
  complete: completeSso,
  tenantConnections: tenantSsoConnections,
});
