import { z } from 'zod';
import { SSO_DOMAIN_TEXTS } from '../../../contracts/sso';
import { addDomain, organizationDomainOutput } from '../../../domain/sso';
import { domainInput } from './domain-schemas';
import { sso } from './area';

export const addOrganizationDomain = sso
  .session(
    'POST /organizations/{id}/domains',
    'Add an e-mail domain; it is verified by the TXT record _scmp-verify.<domain> holding the value shown',
    {
      permission: 'manage',
      description:
        'Public mailbox providers (gmail.com, outlook.com, …), public suffixes and domains another ' +
        'organization has verified (409) are refused.',
      successStatus: 201,
    },
  )
  .answers(
    z.object({ id: z.string(), domain: domainInput }),
    organizationDomainOutput,
    SSO_DOMAIN_TEXTS.added,
    ({ ctx, input }) => addDomain(ctx.deps, ctx.req, ctx.user, input.id, input.domain),
  );
