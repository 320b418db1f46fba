import { CUSTOM_DOMAIN_TEXTS } from '../../../contracts/custom-domain';
import { verifyCustomDomain as verify } from '../../../domain/custom-domains';
import { instanceUuidInput } from './instance-output';
import { instanceSchema } from '../../../domain/instances';
import { instances, manageInstances } from './area';

/** POST /instances/{uuid}/custom-domain/verify: check the DNS records now. */
export const verifyCustomDomain = instances
  .authed(
    'POST /instances/{uuid}/custom-domain/verify',
    'Check the custom domain’s DNS records now; the result is in custom_domain_status and custom_domain_reason',
    manageInstances,
  )
  .answers(
    instanceUuidInput,
    instanceSchema,
    ({ custom_domain_status: status }) =>
      status === 'verified' || status === 'active'
        ? CUSTOM_DOMAIN_TEXTS.verified
        : CUSTOM_DOMAIN_TEXTS.notYet,
    ({ ctx, input }) => verify(ctx.deps, ctx.user, input.uuid),
  );
