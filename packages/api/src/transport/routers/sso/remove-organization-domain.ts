import { SSO_DOMAIN_TEXTS } from '../../../contracts/sso';
import { messageEnvelope, okMessage } from '../../envelope';
import { removeDomain } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { domainUuidInput } from './domain-schemas';
import { ssoManageMeta } from './manage-meta';

export const removeOrganizationDomain = sessionProcedure
  .meta(
    ssoManageMeta({
      method: 'DELETE',
      path: '/organizations/{id}/domains/{uuid}',
      summary: 'Remove an e-mail domain',
    }),
  )
  .input(domainUuidInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await removeDomain(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(SSO_DOMAIN_TEXTS.removed);
  });
