import { SSO_DOMAIN_TEXTS } from '../../../contracts/sso';
import { organizationDomainOutput, verifyDomain } from '../../../domain/sso';
import { organizationItemInput } from '../../organization-item';
import { sso } from './area';

export const verifyOrganizationDomain = sso
  .session(
    'POST /organizations/{id}/domains/{uuid}/verify',
    'Check the domain’s TXT record now; the result is in status and reason',
    { permission: 'manage' },
  )
  .answers(
    organizationItemInput,
    organizationDomainOutput,
    (domain) =>
      domain.status === 'verified' ? SSO_DOMAIN_TEXTS.verified : SSO_DOMAIN_TEXTS.notYet,
    ({ ctx, input }) => verifyDomain(ctx.deps, ctx.req, ctx.user, input.id, input.uuid),
  );
