import { SSO_TEXTS } from '../../../contracts/sso';
import { messageEnvelope } from '../../envelope';
import { organizationItemInput, removeOrganizationItem } from '../../organization-item';
import { deleteConnection } from '../../../domain/sso';
import { sso } from './area';

export const deleteSsoConnection = sso
  .session('DELETE /organizations/{id}/sso-connections/{uuid}', 'Remove a connection', {
    permission: 'manage',
  })
  .input(organizationItemInput)
  .output(messageEnvelope)
  .mutation(removeOrganizationItem(deleteConnection, SSO_TEXTS.removed));
