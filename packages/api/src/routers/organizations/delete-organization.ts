import { ORGANIZATION_TEXTS } from '../../contracts/organizations';
import { messageEnvelope, okMessage } from '../../lib/envelope';
import { deleteOrganization as remove } from '../../services/organizations/organization-deletion';
import { authedProcedure } from '../../trpc';
import { organizationIdInput } from './organization-output';

export const deleteOrganization = authedProcedure
  .meta({
    scope: 'organizations:write',
    permission: 'own',
    openapi: {
      method: 'DELETE',
      path: '/organizations/{id}',
      tags: ['organizations'],
      summary: 'Delete an organization with its instances, branding and files',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(messageEnvelope)
  .mutation(async ({ ctx, input }) => {
    await remove(ctx.deps, ctx.req, ctx.user, input.id);
    return okMessage(ORGANIZATION_TEXTS.deleted);
  });
