import { z } from 'zod';
import { SSO_DOMAIN_TEXTS } from '../../contracts/sso';
import { envelope, messageEnvelope, ok, okMessage } from '../../lib/envelope';
import { addDomain, listDomains, removeDomain, verifyDomain } from '../../services/sso';
import { sessionProcedure } from '../../trpc';
import { organizationIdInput } from '../organizations/organization-output';
import { domainInput, domainUuidInput, organizationDomainOutput } from './domain-schemas';

/**
 * Verified e-mail domains (issue 37): managed by the owner and admins with a session only (no
 * API token reaches account-security settings).
 */
export const listOrganizationDomains = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'GET',
      path: '/organizations/{id}/domains',
      tags: ['sso'],
      summary: 'The e-mail domains of an organization, with the DNS record that verifies each',
      protect: true,
    },
  })
  .input(organizationIdInput)
  .output(envelope(z.array(organizationDomainOutput)))
  .query(async ({ ctx, input }) => ok(await listDomains(ctx.deps, ctx.user, input.id)));

export const addOrganizationDomain = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'POST',
      path: '/organizations/{id}/domains',
      tags: ['sso'],
      summary:
        'Add an e-mail domain; it is verified by the TXT record _scmp-verify.<domain> holding the value shown',
      description:
        'Public mailbox providers (gmail.com, outlook.com, …), public suffixes and domains another ' +
        'organization has verified (409) are refused.',
      protect: true,
    },
    successStatus: 201,
  })
  .input(z.object({ id: z.string(), domain: domainInput }))
  .output(envelope(organizationDomainOutput))
  .mutation(async ({ ctx, input }) =>
    ok(
      await addDomain(ctx.deps, ctx.req, ctx.user, input.id, input.domain),
      SSO_DOMAIN_TEXTS.added,
    ),
  );

export const verifyOrganizationDomain = sessionProcedure
  .meta({
    permission: 'manage',
    openapi: {
      method: 'POST',
      path: '/organizations/{id}/domains/{uuid}/verify',
      tags: ['sso'],
      summary: 'Check the domain’s TXT record now; the result is in status and reason',
      protect: true,
    },
  })
  .input(domainUuidInput)
  .output(envelope(organizationDomainOutput))
  .mutation(async ({ ctx, input }) => {
    const domain = await verifyDomain(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return ok(
      domain,
      domain.status === 'verified' ? SSO_DOMAIN_TEXTS.verified : SSO_DOMAIN_TEXTS.notYet,
    );
  });

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
