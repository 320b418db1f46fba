import { access, area } from '../../operation';

/** The operations tagged `organizations` in the OpenAPI document (see ../../operation.ts). */
export const organizations = area('organizations');

/** Reads an organization: a member who can view it, or an API token with organizations:read. */
export const viewOrganization = access('organizations:read', 'view');

/** Changes an organization: its admins, or an API token with organizations:write. */
export const manageOrganization = access('organizations:write', 'manage');

/** Closes, restores or hands over an organization: its owner, or an API token with organizations:write. */
export const ownOrganization = access('organizations:write', 'own');
