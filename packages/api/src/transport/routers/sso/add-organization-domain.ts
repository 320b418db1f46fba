import { z } from 'zod';
import { SSO_DOMAIN_TEXTS } from '../../../contracts/sso';
import { envelope, ok } from '../../envelope';
import { addDomain, organizationDomainOutput } from '../../../domain/sso';
import { sessionProcedure } from '../../trpc';
import { domainInput } from './domain-schemas';
import { ssoManageMeta } from './manage-meta';

export const addOrganizationDomain = sessionProcedure
  .meta(
    ssoManageMeta(
      {
        method: 'POST',
        path: '/organizations/{id}/domains',
        summary:
          'Add an e-mail domain; it is verified by the TXT record _scmp-verify.<domain> holding the value shown',
        description:
          'Public mailbox providers (gmail.com, outlook.com, …), public suffixes and domains another ' +
          'organization has verified (409) are refused.',
      },
      201,
    ),
  )
  .input(z.object({ id: z.string(), domain: domainInput }))
  .output(envelope(organizationDomainOutput))
  .mutation(async ({ ctx, input }) =>
    ok(
      await addDomain(ctx.deps, ctx.req, ctx.user, input.id, input.domain),
      SSO_DOMAIN_TEXTS.added,
    ),
  );
