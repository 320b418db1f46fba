import { access, area } from '../../operation';

/** The operations tagged `instances` in the OpenAPI document (see ../../operation.ts). */
export const instances = area('instances');

/** Reads instances: a member who can view the organization, or an API token with instances:read. */
export const viewInstances = access('instances:read', 'view');

/** Changes an instance: the organization's admins, or an API token with instances:write. */
export const manageInstances = access('instances:write', 'manage');
