import { CUSTOM_DOMAIN_TEXTS } from '../../../contracts/custom-domain';
import { envelope, ok } from '../../envelope';
import { verifyCustomDomain as verify } from '../../../domain/custom-domains';
import { authedProcedure } from '../../trpc';
import { instanceUuidInput } from './instance-output';
import { instanceSchema } from '../../../domain/instances';

/** POST /instances/{uuid}/custom-domain/verify: check the DNS records now. */
export const verifyCustomDomain = authedProcedure
  .meta({
    scope: 'instances:write',
    permission: 'manage',
    openapi: {
      method: 'POST',
      path: '/instances/{uuid}/custom-domain/verify',
      tags: ['instances'],
      summary:
        'Check the custom domain’s DNS records now; the result is in custom_domain_status and custom_domain_reason',
      protect: true,
    },
  })
  .input(instanceUuidInput)
  .output(envelope(instanceSchema))
  .mutation(async ({ ctx, input }) => {
    const instance = await verify(ctx.deps, ctx.user, input.uuid);
    const served =
      instance.custom_domain_status === 'verified' || instance.custom_domain_status === 'active';
    return ok(instance, served ? CUSTOM_DOMAIN_TEXTS.verified : CUSTOM_DOMAIN_TEXTS.notYet);
  });
