import { router } from '../../trpc';
import { acceptInvitation } from './accept-invitation';
import { changeMemberRole } from './change-member-role';
import { createInvitation } from './create-invitation';
import { declineInvitation } from './decline-invitation';
import { getInvitation } from './get-invitation';
import { listInvitations } from './list-invitations';
import { listMembers } from './list-members';
import { removeMember } from './remove-member';
import { revokeInvitation } from './revoke-invitation';
import { transferOwnership } from './transfer-ownership';

/** Organization teams: members, roles, ownership and e-mail invitations. */
export const membersRouter = router({
  list: listMembers,
  changeRole: changeMemberRole,
  remove: removeMember,
  transferOwnership,
  invitations: listInvitations,
  invite: createInvitation,
  revokeInvitation,
  invitation: getInvitation,
  acceptInvitation,
  declineInvitation,
});
