import { router } from '../../trpc';
import { checkSubdomain } from './check-subdomain';
import { createOrganization } from './create-organization';
import { deleteOrganization } from './delete-organization';
import { findPublic } from './find-public';
import { getOrganization } from './get-organization';
import { listOrganizations } from './list-organizations';
import { restoreOrganization } from './restore-organization';
import { updateOrganization } from './update-organization';

/** Procedures of the organizations area. */
export const organizationsRouter = router({
  list: listOrganizations,
  findPublic,
  get: getOrganization,
  create: createOrganization,
  update: updateOrganization,
  delete: deleteOrganization,
  restore: restoreOrganization,
  checkSubdomain,
});
