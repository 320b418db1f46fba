import { SSO_TEXTS } from '../../../contracts/sso';
import { messageEnvelope } from '../../envelope';
import { removeOrganizationItem } from '../../organization-item';
import { deleteConnection } from '../../../domain/sso';
import { connectionUuidInput } from './connection-schemas';
import { sso } from './area';

export const deleteSsoConnection = sso
  .session('DELETE /organizations/{id}/sso-connections/{uuid}', 'Remove a connection', {
    permission: 'manage',
  })
  .input(connectionUuidInput)
  .output(messageEnvelope)
  .mutation(removeOrganizationItem(deleteConnection, SSO_TEXTS.removed));
