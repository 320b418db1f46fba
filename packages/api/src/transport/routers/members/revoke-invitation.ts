import { MEMBER_TEXTS } from '../../../contracts/roles';
import { messageEnvelope } from '../../envelope';
import { organizationItemInput, removeOrganizationItem } from '../../organization-item';
import { revokeInvitation as revoke } from '../../../domain/organizations';
import { members, manageMembers } from './area';

export const revokeInvitation = members
  .authed(
    'DELETE /organizations/{id}/invitations/{uuid}',
    'Revoke an open invitation',
    manageMembers,
  )
  .input(organizationItemInput)
  .output(messageEnvelope)
  .mutation(removeOrganizationItem(revoke, MEMBER_TEXTS.invitationRevoked));
