import { SSO_DOMAIN_TEXTS } from '../../../contracts/sso';
import { messageEnvelope, okMessage } from '../../envelope';
import { removeDomain } from '../../../domain/sso';
import { domainUuidInput } from './domain-schemas';
import { sso } from './area';

export const removeOrganizationDomain = sso
  .session('DELETE /organizations/{id}/domains/{uuid}', 'Remove an e-mail domain', {
    permission: 'manage',
  })
  .input(domainUuidInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await removeDomain(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(SSO_DOMAIN_TEXTS.removed);
  });
