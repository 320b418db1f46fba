import { SSO_DOMAIN_TEXTS } from '../../../contracts/sso';
import { messageEnvelope, okMessage } from '../../envelope';
import { removeDomain } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { domainUuidInput } from './domain-schemas';

export const removeOrganizationDomain = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'DELETE',
      path: '/organizations/{id}/domains/{uuid}',
      tags: ['sso'],
      summary: 'Remove an e-mail domain',
      protect: true,
    },
  })
  .input(domainUuidInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await removeDomain(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return okMessage(SSO_DOMAIN_TEXTS.removed);
  });
