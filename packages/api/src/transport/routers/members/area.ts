import { access, area } from '../../operation';

/** The operations tagged `members` in the OpenAPI document (see ../../operation.ts). */
export const members = area('members');

/** Changes members and invitations: who may manage members, or an API token with organizations:write. */
export const manageMembers = access('organizations:write', 'manageMembers');
