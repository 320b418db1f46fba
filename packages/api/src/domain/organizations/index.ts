/** The organizations area's public face: other areas, the transport and the composition root import it from here. */
export { acceptInvitation, declineInvitation, getInvitation } from './invitation-answers';
export { createInvitation, listInvitations, revokeInvitation } from './invitations';
export { ORGANIZATION_LIST_WRITES, createOrganizationListCache } from './list-cache';
export { memberEventObject } from './member-events';
export { listMembers } from './member-list';
export { memberRows } from './member-output';
export { invitationSchema, memberSchema, publicInvitationSchema } from './member-schema';
export { transferOwnership } from './member-transfer';
export { changeMemberRole, removeMember } from './members';
export { organizationEventObject } from './organization-events';
export {
  findPublicOrganizations,
  getOrganization,
  listOrganizations,
} from './organization-queries';
export { checkSubdomain, createOrganization, updateOrganization } from './organizations';
export { invalidateTenant } from './tenant-cache';
