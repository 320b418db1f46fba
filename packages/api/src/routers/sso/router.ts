import { router } from '../../trpc';
import {
  addOrganizationDomain,
  listOrganizationDomains,
  removeOrganizationDomain,
  verifyOrganizationDomain,
} from './domains';

/** Single sign-on (issue 37): verified e-mail domains. */
export const ssoRouter = router({
  listDomains: listOrganizationDomains,
  addDomain: addOrganizationDomain,
  verifyDomain: verifyOrganizationDomain,
  removeDomain: removeOrganizationDomain,
});
