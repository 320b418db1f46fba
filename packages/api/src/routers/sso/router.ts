import { router } from '../../trpc';
import { completeSso, startSso, tenantSsoConnections } from './auth';
import {
  createSsoConnection,
  deleteSsoConnection,
  getSsoConnection,
  listSsoConnections,
  listSsoFailures,
  testSsoConnection,
  updateSsoConnection,
} from './connections';
import {
  addOrganizationDomain,
  listOrganizationDomains,
  removeOrganizationDomain,
  verifyOrganizationDomain,
} from './domains';
import { getSsoPolicy, updateSsoPolicy } from './policies';

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
