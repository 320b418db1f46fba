import { router } from '../../trpc';
import { checkSubdomain } from './check-subdomain';
import { createOrganization } from './create-organization';
import { deleteOrganization, restoreOrganization } from './delete-organization';
import { getOrganization } from './get-organization';
import { listOrganizations } from './list-organizations';
import { updateOrganization } from './update-organization';

/** Procedures of the organizations area. */
export const organizationsRouter = router({
  list: listOrganizations,
  get: getOrganization,
  create: createOrganization,
  update: updateOrganization,
  delete: deleteOrganization,
  restore: restoreOrganization,
  checkSubdomain,
});
