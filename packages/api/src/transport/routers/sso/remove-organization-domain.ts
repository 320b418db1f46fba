import { SSO_DOMAIN_TEXTS } from '../../../contracts/sso';
import { messageEnvelope } from '../../envelope';
import { organizationItemInput, removeOrganizationItem } from '../../organization-item';
import { removeDomain } from '../../../domain/sso';
import { sso } from './area';

export const removeOrganizationDomain = sso
  .session('DELETE /organizations/{id}/domains/{uuid}', 'Remove an e-mail domain', {
    permission: 'manage',
  })
  .input(organizationItemInput)
  .output(messageEnvelope)
  .mutation(removeOrganizationItem(removeDomain, SSO_DOMAIN_TEXTS.removed));
