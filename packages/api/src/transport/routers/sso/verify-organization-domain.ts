import { SSO_DOMAIN_TEXTS } from '../../../contracts/sso';
import { envelope, ok } from '../../envelope';
import { organizationDomainOutput, verifyDomain } from '../../../domain/sso';
import { organizationItemInput } from '../../organization-item';
import { sso } from './area';

export const verifyOrganizationDomain = sso
  .session(
    'POST /organizations/{id}/domains/{uuid}/verify',
    'Check the domain’s TXT record now; the result is in status and reason',
    { permission: 'manage' },
  )
  .input(organizationItemInput)
  .output(envelope(organizationDomainOutput))
  .mutation(async ({ ctx, input }) => {
    const domain = await verifyDomain(ctx.deps, ctx.req, ctx.user, input.id, input.uuid);
    return ok(
      domain,
      domain.status === 'verified' ? SSO_DOMAIN_TEXTS.verified : SSO_DOMAIN_TEXTS.notYet,
    );
  });
